// A memo's reactions. Every card asks for its own, and the asks of one render are sent together: one
// `GET /api/reaction?memoIds=…` per page of memos, not one per card.
import { MAX_REACTION_MEMOS, type Reaction } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

type Waiter = { resolve: (reactions: Reaction[]) => void; reject: (error: unknown) => void };
const waiting = new Map<number, Waiter[]>();
let scheduled = false;

async function flush() {
  scheduled = false;
  const batch = new Map(waiting);
  waiting.clear();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_REACTION_MEMOS) {
    const chunk = ids.slice(start, start + MAX_REACTION_MEMOS);
    try {
      const reactions = await api.call("reaction.list", { query: { memoIds: chunk.join(",") } });
      for (const id of chunk) {
        const mine = reactions.filter((reaction) => reaction.memoId === id);
        for (const waiter of batch.get(id) ?? []) waiter.resolve(mine);
      }
    } catch (error) {
      for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
    }
  }
}

/** The memo's reactions, asked for together with those of the other cards rendered in the same moment. */
function loadReactions(memoId: number): Promise<Reaction[]> {
  return new Promise((resolve, reject) => {
    waiting.set(memoId, [...(waiting.get(memoId) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(), 0);
    }
  });
}

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
