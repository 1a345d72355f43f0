// The shapes of a page of memos, shared by the list (memo.store.ts), its walks (memo-walk.ts) and the search
// steps (memo-search.ts).
import type { MemoRow } from "../../schema.js";

/** A memo with its creator's pin, from memo_organizer. */
export interface MemoListRow extends MemoRow {
  pinned: number;
}

/** Where a keyset page starts: strictly after this memo in list order. */
export interface MemoPosition {
  /** 1 while still in the pinned group of a pinned-first list. */
  pinned: 0 | 1;
  displayTs: number;
  id: number;
}

export interface MemoPage {
  pinnedFirst: boolean;
  limit: number;
  offset: number;
  /** Keyset paging: the page starts after this position (and `offset` is 0). */
  after?: MemoPosition;
  /** Oldest first within each group (v1's `create_time asc`); newest first when left out. Not with a text search. */
  ascending?: boolean;
}
