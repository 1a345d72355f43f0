// A memo's reactions. Every card asks for its own, and the asks of one render are sent together: one
// `GET /api/reaction?memoIds=…` per page of memos, not one per card.
import type { Reaction } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { memoBatchLoader } from "./memoBatch";

/** The memo's reactions, asked for together with those of the other cards rendered in the same moment. */
const loadReactions = memoBatchLoader<Reaction[]>(async (ids) => {
  const reactions = await api.call("reaction.list", { query: { memoIds: ids.join(",") } });
  const byMemo = new Map<number, Reaction[]>();
  for (const reaction of reactions) byMemo.set(reaction.memoId, [...(byMemo.get(reaction.memoId) ?? []), reaction]);
  return byMemo;
}, []);

export const useMemoReactions = (memoId: number) =>
  useQuery({ queryKey: keys.reactions(memoId), queryFn: () => loadReactions(memoId), staleTime: 30_000 });

/** Adds or takes back the caller's reaction; the answer is the memo's reactions as they are now. */
export function useToggleReaction(memoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ emoji, add }: { emoji: string; add: boolean }) =>
      api.call(add ? "reaction.add" : "reaction.remove", { params: { memoId }, body: { emoji } }),
    onSuccess: (reactions) => client.setQueryData(keys.reactions(memoId), reactions),
  });
}
