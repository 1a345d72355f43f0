// Recorded purges of trashed memos (migration 044): a creator's trash emptied (`creator_id`), or the expiry of every
// trash (no creator), each covering the memos trashed at or before `through_ts`. A row is written in the request's
// own statement and deleted once nothing it covers is left; meanwhile the trash's lists and counts leave those memos
// out (trash.store.ts, through the bound purgeBoundaries gives).
import type { Db, Engine } from "../../db.js";
import type { TrashPurgeRow } from "../../schema.js";

/** Records that the memos `creatorId`'s trash (null: every trash) holds up to `throughTs` are to be purged. */
export async function recordTrashPurge(db: Db, creatorId: number | null, throughTs: number, requestedTs: number): Promise<void> {
  await db.insertInto("trash_purge").values({ creator_id: creatorId, through_ts: throughTs, requested_ts: requestedTs }).execute();
}

/**
 * The latest `through_ts` of the purges that cover `creatorId`'s trash: its own (emptied), and every trash's (the
 * expiry); null where there is none. Two index lookups (idx_trash_purge_creator).
 */
export function purgeBoundariesQuery(db: Db, creatorId: number) {
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom("trash_purge")
      .select((inner) => inner.fn.max("through_ts").as("n"))
      .where("creator_id", "=", creatorId)
      .as("own"),
    eb
      .selectFrom("trash_purge")
      .select((inner) => inner.fn.max("through_ts").as("n"))
      .where("creator_id", "is", null)
      .as("every"),
  ]);
}

export async function purgeBoundaries(db: Db, creatorId: number): Promise<{ own: number | null; every: number | null }> {
  const row = await purgeBoundariesQuery(db, creatorId).executeTakeFirst();
  const value = (n: unknown) => (n === null || n === undefined ? null : Number(n));
  return { own: value(row?.own), every: value(row?.every) };
}

/** Every recorded purge, the oldest first (a handful: each lives until its memos are gone). */
export function pendingTrashPurges(db: Db): Promise<TrashPurgeRow[]> {
  return db.selectFrom("trash_purge").selectAll().orderBy("id").execute();
}

/**
 * Ids of up to `limit` trashed memos `purge` covers. On PostgreSQL the rows are locked and those another process
 * holds are skipped, so several processes purging one trash take different batches.
 */
export function coveredIdsQuery(db: Db, engine: Engine, purge: Pick<TrashPurgeRow, "creator_id" | "through_ts">, limit: number) {
  return db
    .selectFrom("memo_trash")
    .select("memo_id")
    .$if(purge.creator_id !== null, (query) => query.where("creator_id", "=", purge.creator_id!))
    .where("trashed_ts", "<=", purge.through_ts)
    .limit(limit)
    .$if(engine === "postgres", (query) => query.forUpdate().skipLocked());
}

/**
 * Deletes the record of `purge` once no trashed memo it covers is left (committed rows: a batch another process
 * holds keeps it, so a crash of that process leaves the record for the next run). Whether it went.
 */
export async function finishTrashPurge(db: Db, purge: TrashPurgeRow): Promise<boolean> {
  const result = await db
    .deleteFrom("trash_purge")
    .where("id", "=", purge.id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("memo_trash")
            .select("memo_id")
            .$if(purge.creator_id !== null, (query) => query.where("creator_id", "=", purge.creator_id!))
            .where("trashed_ts", "<=", purge.through_ts),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a trashed memo of any creator was trashed at or before `throughTs` (through idx_memo_trash_trashed). */
export async function anyTrashedThrough(db: Db, throughTs: number): Promise<boolean> {
  const row = await db.selectFrom("memo_trash").select("memo_id").where("trashed_ts", "<=", throughTs).limit(1).executeTakeFirst();
  return row !== undefined;
}
