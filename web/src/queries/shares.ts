// Private share links: a memo's live links (its author's), making one (its answer is the only time the token is
// seen) and revoking one; and what a link opens, for the page /s/:token.
import type { CreatedMemoShare } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** The memo's links; "last opened" changes while the dialog is open, so read again on focus. */
export const useMemoShares = (memoId: number) =>
  useQuery({
    queryKey: keys.shares(memoId),
    queryFn: () => api.call("share.list", { params: { memoId } }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

/**
 * The links made in this page's life, by id: the server never shows a token again, so Copy on a listed link works
 * only for these (a reload forgets them, as it should).
 */
const madeHere = new Map<number, string>();
export const knownShareUrl = (shareId: number): string | undefined => madeHere.get(shareId);

/** The absolute address of a link's path (`/s/<token>`) on this instance. */
export const shareAddress = (path: string) => new URL(path, window.location.origin).href;

export function useShareMutations(memoId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.shares(memoId) });
  const create = useMutation({
    mutationFn: (expiresTs: number | undefined) =>
      api.call("share.create", { params: { memoId }, body: expiresTs === undefined ? {} : { expiresTs } }),
    onSuccess: (created: CreatedMemoShare) => {
      madeHere.set(created.id, shareAddress(created.url));
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (shareId: number) => api.call("share.revoke", { params: { memoId, shareId } }),
    onSuccess: (_done, shareId) => {
      madeHere.delete(shareId);
      return refresh();
    },
  });
  return { create, revoke };
}

/** What `/s/:token` shows: the one memo, read without any session (a 404 for every link that leads nowhere). */
export const useSharedMemo = (token: string) =>
  useQuery({
    queryKey: keys.sharedMemo(token),
    queryFn: () => api.call("share.open", { params: { token } }),
    retry: false,
    staleTime: 60_000,
  });

/** A file of the shared memo, through its link. */
export const sharedFileUrl = (token: string, resourceId: number) => api.url("share.file", { params: { token, resourceId } });
