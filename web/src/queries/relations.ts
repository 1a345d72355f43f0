// A memo's Links and Referenced by (GET /api/memo/:id/relation, backlinks in pages of 50), each card's backlink
// count (asked together with the other cards of the same render: one GET /api/memo/relation-count per page), and
// the `[[` picker's search of the user's own memos.
import type { RelationCount } from "@memos/common";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { memoBatchLoader } from "./memoBatch";

const loadCount = memoBatchLoader<RelationCount | null>(async (ids) => {
  const counts = await api.call("memo.relationCount", { query: { memoIds: ids.join(",") } });
  return new Map(counts.map((entry) => [entry.memoId, entry]));
}, null);

/** The memo's backlink count as the viewer may see them (null when none); a save invalidates it with keys.memos.relations. */
export const useBacklinkCount = (memoId: number, enabled = true) =>
  useQuery({ queryKey: keys.memos.relationCount(memoId), queryFn: () => loadCount(memoId), staleTime: 30_000, enabled });

export function useMemoRelation(memoId: number) {
  return useInfiniteQuery({
    queryKey: keys.memos.relation(memoId),
    queryFn: ({ pageParam }) =>
      api.call("memo.relation", { params: { memoId }, query: pageParam === undefined ? {} : { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: Number.isInteger(memoId) && memoId > 0,
  });
}

/** The user's NORMAL memos matching `text` (the newest when empty), 8 at most, while `enabled`. */
export function useMemoLinkSearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.memos.linkSearch(text),
    queryFn: () => api.call("memo.list", { query: { rowStatus: "NORMAL", limit: 8, ...(text.trim() ? { text: text.trim() } : {}) } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
