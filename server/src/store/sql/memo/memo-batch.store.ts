// The statements of a bulk edit (services/memo-batch.service.ts): many memos read by id and changed set-based, each
// statement over at most a batch of ids (batches.ts).
import type { RevisionSource, RowStatus, Visibility } from "@memos/common";
import { sql } from "kysely";
import { batches } from "../../batches.js";
import type { Db } from "../../db.js";
import { nowSeconds } from "../../time.js";
import { UPDATED_TS_CHOSEN } from "./display-time.js";
import { baseQuery } from "./memo-filter.js";
import { leavesSpace } from "./memo.store.js";
import type { MemoListRow } from "./memo-page.js";
import { PINNED } from "./memo-walk.js";

/** The memos among `ids` with their creator's pin, as lists read them (to compose them). */
export async function listMemosByIds(db: Db, ids: readonly number[]): Promise<MemoListRow[]> {
  const rows: MemoListRow[] = [];
  for (const batch of batches(ids)) {
    rows.push(...((await baseQuery(db).selectAll("m").select(PINNED.as("pinned")).where("m.id", "in", batch).execute()) as MemoListRow[]));
  }
  return rows;
}

/** The ids among `ids` that `userId` has pinned. */
export async function pinnedByUser(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  const pinned = new Set<number>();
  for (const batch of batches(ids)) {
    const rows = await db
      .selectFrom("memo_organizer")
      .select("memo_id")
      .where("user_id", "=", userId)
      .where("memo_id", "in", batch)
      .where("pinned", "=", 1)
      .execute();
    for (const row of rows) pinned.add(row.memo_id);
  }
  return pinned;
}

/** The display time of a row just changed: its updated time when its creator shows those (display-time.ts). */
const displayAfterChange = (now: number) =>
  sql<number>`CASE WHEN ${sql.raw(UPDATED_TS_CHOSEN)} THEN CAST(${now} AS BIGINT) ELSE created_ts END`;

/** Moves the memos among `ids` that are `from` to `to` (archive, restore), as a change of each; the ids it moved. */
export async function setRowStatus(db: Db, ids: readonly number[], from: RowStatus, to: RowStatus): Promise<number[]> {
  const now = nowSeconds();
  const moved: number[] = [];
  for (const batch of batches(ids)) {
    const rows = await db
      .updateTable("memo")
      .set({ row_status: to, updated_ts: now, display_ts: displayAfterChange(now) })
      .where("id", "in", batch)
      .where("row_status", "=", from)
      .returning("id")
      .execute();
    moved.push(...rows.map((row) => row.id));
  }
  return moved;
}

/** Sets the visibility of the memos `ids` (one made public or protected leaves its space: leavesSpace), as a change of each saying what wrote it (services/memo-revise.ts). */
export async function setVisibility(
  db: Db,
  ids: readonly number[],
  visibility: Visibility,
  edit: { edit_source: RevisionSource; edit_token_id: number | null },
): Promise<void> {
  const now = nowSeconds();
  for (const batch of batches(ids)) {
    await db
      .updateTable("memo")
      .set({ ...edit, visibility, ...leavesSpace(visibility), updated_ts: now, display_ts: displayAfterChange(now) })
      .where("id", "in", batch)
      .execute();
  }
}

/** `userId`'s pin of each memo of `ids` becomes `pinned`. */
export async function setPins(db: Db, ids: readonly number[], userId: number, pinned: boolean): Promise<void> {
  const value = pinned ? 1 : 0;
  for (const batch of batches(ids)) {
    await db
      .insertInto("memo_organizer")
      .values(batch.map((memoId) => ({ memo_id: memoId, user_id: userId, pinned: value })))
      .onConflict((oc) => oc.columns(["memo_id", "user_id"]).doUpdateSet({ pinned: value }))
      .execute();
  }
}
