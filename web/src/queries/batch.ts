// Bulk edits: the ids a list's filter selects (GET /api/memo/ids) and one action on many memos (POST /api/memo/batch).
// Online only: a bulk edit is not queued in the offline outbox.
import type { MemoBatchRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys, type MemoListParams, type MemoListScope } from "./keys";

/**
 * The ids of the memos the list of `scope` holds for `params` (its filter, paging aside), in list order, up to
 * 10,000 (`more` when others match). Own lists only: explore has no bulk edits.
 */
export function useMemoIds(scope: MemoListScope, params: MemoListParams, enabled: boolean) {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...filter } = params;
  return useQuery({
    queryKey: keys.memos.ids(scope, filter),
    queryFn: () => api.call("memo.ids", { query: filter }),
    enabled,
  });
}

/** @example const batch = useMemoBatch(); const { changed, refused } = await batch.mutateAsync({ ids, action: "archive" }); */
export function useMemoBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemoBatchRequest) => api.call("memo.batch", { body }),
    // Any list, count, memo, the heat map, the tags, the trash and the memos' histories may have changed.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.memos.all });
      void client.invalidateQueries({ queryKey: keys.tags });
      void client.invalidateQueries({ queryKey: keys.trash });
      void client.invalidateQueries({ queryKey: keys.allRevisions });
    },
  });
}
