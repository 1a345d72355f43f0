// A memo's comments (pages, oldest first, each comment with its reactions) and the writes on them; each card's
// comment count, asked for together with those of the other cards rendered in the same moment: one
// `GET /api/memo/comment-count` per page of memos.
import type { CommentCreateRequest, CommentPage } from "@memos/common";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { memoBatchLoader } from "./memoBatch";

const loadCount = memoBatchLoader(async (ids) => {
  const counts = await api.call("comment.count", { query: { memoIds: ids.join(",") } });
  return new Map(counts.map((entry) => [entry.memoId, entry.count]));
}, 0);

export const useCommentCount = (memoId: number, enabled = true) =>
  useQuery({ queryKey: keys.commentCount(memoId), queryFn: () => loadCount(memoId), staleTime: 30_000, enabled });

export const useMemoComments = (memoId: number) =>
  useInfiniteQuery({
    queryKey: keys.comments(memoId),
    queryFn: ({ pageParam }): Promise<CommentPage> =>
      api.call("comment.list", { params: { memoId }, query: pageParam ? { after: String(pageParam) } : {} }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
  });

function useRefresh(memoId: number) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: keys.comments(memoId) });
    await client.invalidateQueries({ queryKey: keys.commentCount(memoId) });
  };
}

export function useCreateComment(memoId: number) {
  const refresh = useRefresh(memoId);
  return useMutation({
    mutationFn: (body: CommentCreateRequest) => api.call("comment.create", { params: { memoId }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateComment(memoId: number) {
  const refresh = useRefresh(memoId);
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      api.call("comment.update", { params: { commentId: id }, body: { content } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(memoId: number) {
  const refresh = useRefresh(memoId);
  return useMutation({
    mutationFn: (id: number) => api.call("comment.delete", { params: { commentId: id } }),
    onSuccess: refresh,
  });
}

export function useCloseComments(memoId: number) {
  const refresh = useRefresh(memoId);
  return useMutation({
    mutationFn: (closed: boolean) => api.call("comment.close", { params: { memoId }, body: { closed } }),
    onSuccess: refresh,
  });
}

/** Adds or takes back the caller's reaction to a comment; the answer, its reactions now, goes into its page. */
export function useToggleCommentReaction(memoId: number, commentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ emoji, add }: { emoji: string; add: boolean }) =>
      api.call(add ? "reaction.comment-add" : "reaction.comment-remove", { params: { commentId }, body: { emoji } }),
    onSuccess: (reactions) =>
      client.setQueryData<InfiniteData<CommentPage>>(
        keys.comments(memoId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              comments: page.comments.map((comment) => (comment.id === commentId ? { ...comment, reactions } : comment)),
            })),
          },
      ),
  });
}
