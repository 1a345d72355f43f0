// The shapes of a page of memos, shared by the list (memo.store.ts), its walks (memo-walk.ts) and the search
// steps (memo-search.ts).
import type { MemoListOrder } from "@memos/common";
import type { MemoRow } from "../../schema.js";

/** A memo with its creator's pin, from memo_organizer. */
export interface MemoListRow extends MemoRow {
  pinned: number;
}

/** Where a keyset page starts: strictly after this memo in list order. */
export interface MemoPosition {
  /** 1 while still in the pinned group of a pinned-first list. */
  pinned: 0 | 1;
  /** The memo's time the list runs by (its display time, or its updated time in updated order). */
  ts: number;
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
  /** The time the list runs by; display time when left out. */
  order?: MemoListOrder;
}

/** The column of a memo row a list in `order` runs by. */
export const orderColumn = (order: MemoListOrder | undefined): "display_ts" | "updated_ts" =>
  order === "updated" ? "updated_ts" : "display_ts";

/** A row's time in the list's order. */
export const rowTime = (row: MemoRow, order: MemoListOrder | undefined): number => Number(row[orderColumn(order)]);

/** Newest first in the list's order (time, then id); ties of time go by id as the indexes hold them. */
export const newestFirstBy =
  (order: MemoListOrder | undefined) =>
  (a: MemoRow, b: MemoRow): number =>
    rowTime(b, order) - rowTime(a, order) || b.id - a.id;
