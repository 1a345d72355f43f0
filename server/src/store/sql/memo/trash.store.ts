// The trash: a deleted memo's row moves from `memo` to memo_trash (so nothing that reads memos sees it) and back
// on restore, with its id. Its tags are indexed again on restore; its resource links and pins stay in place
// meanwhile. A purge removes what is left of it: links, pins, versions.
import { sql } from "kysely";
import { batches } from "../../batches.js";
import type { Db } from "../../db.js";
import type { MemoTrashRow } from "../../schema.js";
import { deleteMemosOwned } from "../owned-rows.js";
import { LOCATION_COLUMNS } from "./memo-location.js";

const MEMO_COLUMNS = [
  "creator_id",
  "created_ts",
  "updated_ts",
  "display_ts",
  "row_status",
  "content",
  "visibility",
  "access_token_id",
  "edit_source",
  "edit_token_id",
  "uid",
  "property_flags",
  ...LOCATION_COLUMNS,
  "space_id",
] as const;

/** Moves the memo into the trash. Run inside a transaction; its memo_tag rows go first (the counters' triggers). */
export async function moveToTrash(db: Db, memoId: number, trashedTs: number): Promise<boolean> {
  await db.deleteFrom("memo_tag").where("memo_id", "=", memoId).execute();
  const moved = await db
    .insertInto("memo_trash")
    .columns(["memo_id", "trashed_ts", ...MEMO_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("memo")
        .select(["id", sql.val(trashedTs).as("trashed_ts"), ...MEMO_COLUMNS])
        .where("id", "=", memoId),
    )
    .executeTakeFirst();
  await db.deleteFrom("memo").where("id", "=", memoId).execute();
  return Number(moved.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Moves several memos into the trash (a bulk edit), a batch per statement. Run inside a transaction, as moveToTrash. */
export async function moveMemosToTrash(db: Db, memoIds: readonly number[], trashedTs: number): Promise<void> {
  for (const batch of batches(memoIds)) {
    await db.deleteFrom("memo_tag").where("memo_id", "in", batch).execute();
    await db
      .insertInto("memo_trash")
      .columns(["memo_id", "trashed_ts", ...MEMO_COLUMNS])
      .expression((eb) =>
        eb
          .selectFrom("memo")
          .select(["id", sql.val(trashedTs).as("trashed_ts"), ...MEMO_COLUMNS])
          .where("id", "in", batch),
      )
      .execute();
    await db.deleteFrom("memo").where("id", "in", batch).execute();
  }
}

/** Puts the trashed memo back under its id. Run inside a transaction; the caller indexes its tags again. */
export async function moveOutOfTrash(db: Db, memoId: number): Promise<void> {
  await db
    .insertInto("memo")
    .columns(["id", ...MEMO_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("memo_trash")
        .select(["memo_id", ...MEMO_COLUMNS])
        .where("memo_id", "=", memoId),
    )
    .execute();
  await db.deleteFrom("memo_trash").where("memo_id", "=", memoId).execute();
}

export function findTrashed(db: Db, memoId: number): Promise<MemoTrashRow | undefined> {
  return db.selectFrom("memo_trash").selectAll().where("memo_id", "=", memoId).executeTakeFirst();
}

/**
 * A page of the creator's trash, the latest deleted first, after (`trashedTs`, `memoId`) when given: the memos
 * trashed after `hiddenThrough` (those at or before it are expired, or their purge is recorded: trash-purge.store.ts).
 * A walk of idx_memo_trash_creator from its newest end down to the bound.
 */
export function listTrashQuery(
  db: Db,
  creatorId: number,
  hiddenThrough: number,
  limit: number,
  after?: { trashedTs: number; memoId: number },
) {
  return db
    .selectFrom("memo_trash")
    .selectAll()
    .where("creator_id", "=", creatorId)
    .where("trashed_ts", ">", hiddenThrough)
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb("trashed_ts", "<", after!.trashedTs),
          eb.and([eb("trashed_ts", "=", after!.trashedTs), eb("memo_id", "<", after!.memoId)]),
        ]),
      ),
    )
    .orderBy("trashed_ts", "desc")
    .orderBy("memo_id", "desc")
    .limit(limit);
}

/** How many memos the creator's trash shows: those trashed after `hiddenThrough` (a range of idx_memo_trash_creator). */
export function countTrashQuery(db: Db, creatorId: number, hiddenThrough: number) {
  return db
    .selectFrom("memo_trash")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("creator_id", "=", creatorId)
    .where("trashed_ts", ">", hiddenThrough);
}

export async function countTrash(db: Db, creatorId: number, hiddenThrough: number): Promise<number> {
  const row = await countTrashQuery(db, creatorId, hiddenThrough).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** When the creator's latest trashed memo was trashed (null for an empty trash): the index's newest entry. */
export async function latestTrashedTs(db: Db, creatorId: number): Promise<number | null> {
  const row = await db
    .selectFrom("memo_trash")
    .select("trashed_ts")
    .where("creator_id", "=", creatorId)
    .orderBy("trashed_ts", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.trashed_ts) : null;
}

/**
 * Removes trashed memos for good: what hangs off them (MEMO_OWNED: resource links, pins, versions, share links,
 * reactions, comments and what hangs off those, inbox items, references both ways), then their row. Run inside a
 * transaction.
 */
export async function purgeTrashed(db: Db, memoIds: readonly number[]): Promise<void> {
  for (const batch of batches(memoIds)) {
    await deleteMemosOwned(db, batch);
    await db.deleteFrom("memo_trash").where("memo_id", "in", batch).execute();
  }
}
