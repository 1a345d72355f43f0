// A memo's history: its kept versions, newest first (pages of 20), and restoring one.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { refreshAround, storeMemo } from "./memos";

export function useMemoRevisions(memoId: number) {
  return useInfiniteQuery({
    queryKey: keys.revisions(memoId),
    queryFn: ({ pageParam }) => api.call("memo.revisions", { params: { memoId }, query: pageParam ? { before: pageParam } : {} }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** The version's text and visibility become the memo's (a new version itself, so it can be undone). */
export function useRestoreRevision(memoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => api.call("memo.restoreRevision", { params: { memoId, revisionId } }),
    onSuccess: (memo) => {
      storeMemo(client, memo);
      refreshAround(client);
      void client.invalidateQueries({ queryKey: keys.revisions(memoId) });
    },
  });
}
