// The outbox in IndexedDB: one record per entry, keyed by its sequence number (the order writes are sent in).
import { createStore, del, delMany, entries as allEntries, setMany } from "idb-keyval";
import type { OutboxEntry } from "./types";

export interface OutboxRepo {
  /** One user's entries, oldest first. */
  list(userId: number): Promise<OutboxEntry[]>;
  /** Writes the entries given and deletes the sequence numbers given, in one transaction each. */
  save(entries: OutboxEntry[], removed?: number[]): Promise<void>;
  remove(seq: number): Promise<void>;
}

export function openOutbox(database = "memos-outbox"): OutboxRepo {
  const store = createStore(database, "entries");
  return {
    async list(userId) {
      const rows = await allEntries<number, OutboxEntry>(store);
      return rows
        .map(([, entry]) => entry)
        .filter((entry) => entry.userId === userId)
        .sort((a, b) => a.seq - b.seq);
    },
    async save(entries, removed = []) {
      if (entries.length > 0)
        await setMany(
          entries.map((entry) => [entry.seq, entry] as [number, OutboxEntry]),
          store,
        );
      if (removed.length > 0) await delMany(removed, store);
    },
    remove: (seq) => del(seq, store),
  };
}

/** Increasing across reloads and tabs (the clock), and within one millisecond (the counter). */
let counter = 0;
export const nextSeq = (): number => Date.now() * 100 + (counter++ % 100);
