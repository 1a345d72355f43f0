// Asks made by many cards in the same render, sent together: each card asks for its memo's value, and one request
// per page of memos (up to MAX_REACTION_MEMOS ids) answers them all.
import { MAX_REACTION_MEMOS } from "@memos/common";

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/** A loader by memo id; `fetchMany` answers a chunk of ids as a map (ids it leaves out get `missing`). */
export function memoBatchLoader<T>(fetchMany: (ids: number[]) => Promise<Map<number, T>>, missing: T): (memoId: number) => Promise<T> {
  const waiting = new Map<number, Waiter<T>[]>();
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = new Map(waiting);
    waiting.clear();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_REACTION_MEMOS) {
      const chunk = ids.slice(start, start + MAX_REACTION_MEMOS);
      try {
        const values = await fetchMany(chunk);
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(values.get(id) ?? missing);
      } catch (error) {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
      }
    }
  }

  return (memoId) =>
    new Promise((resolve, reject) => {
      waiting.set(memoId, [...(waiting.get(memoId) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => void flush(), 0);
      }
    });
}
