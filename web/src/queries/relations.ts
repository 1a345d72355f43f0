// A memo's Links and Referenced by (GET /api/memo/:id/relation, backlinks in pages of 50), and the `[[` picker's
// search of the user's own memos.
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

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
