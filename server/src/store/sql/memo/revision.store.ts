// A memo's kept versions (memo_revision): written when a change replaces one, read newest first by the memo's
// author, thinned by the keeping rule, purged with the memo.
import type { Db } from "../../db.js";
import type { MemoRevisionRow } from "../../schema.js";
import { batches } from "../../batches.js";

export type NewRevision = Omit<MemoRevisionRow, "id">;

export async function insertRevision(db: Db, revision: NewRevision): Promise<number> {
  const row = await db.insertInto("memo_revision").values(revision).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Many versions at once (an import's history), in batches. */
export async function insertRevisions(db: Db, revisions: readonly NewRevision[]): Promise<void> {
  for (const batch of batches(revisions, 200)) await db.insertInto("memo_revision").values(batch).execute();
}

/** A page of the memo's versions, newest first, strictly before the version `beforeId` when given. */
export function listRevisions(db: Db, memoId: number, limit: number, beforeId?: number): Promise<MemoRevisionRow[]> {
  return db
    .selectFrom("memo_revision")
    .selectAll()
    .where("memo_id", "=", memoId)
    .$if(beforeId !== undefined, (query) => query.where("id", "<", beforeId!))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function findRevision(db: Db, memoId: number, id: number): Promise<MemoRevisionRow | undefined> {
  return db.selectFrom("memo_revision").selectAll().where("memo_id", "=", memoId).where("id", "=", id).executeTakeFirst();
}

/** When each of the memo's versions was replaced: what the keeping rule reads. */
export function revisionTimes(db: Db, memoId: number): Promise<{ id: number; replaced_ts: number }[]> {
  return db.selectFrom("memo_revision").select(["id", "replaced_ts"]).where("memo_id", "=", memoId).execute();
}

/** `revisionTimes` of several memos at once, with the memo each belongs to. */
export async function revisionTimesOfMemos(
  db: Db,
  memoIds: readonly number[],
): Promise<{ id: number; memo_id: number; replaced_ts: number }[]> {
  const rows: { id: number; memo_id: number; replaced_ts: number }[] = [];
  for (const batch of batches(memoIds))
    rows.push(...(await db.selectFrom("memo_revision").select(["id", "memo_id", "replaced_ts"]).where("memo_id", "in", batch).execute()));
  return rows;
}

export async function deleteRevisions(db: Db, ids: readonly number[]): Promise<void> {
  for (const batch of batches(ids)) await db.deleteFrom("memo_revision").where("id", "in", batch).execute();
}

/** A creator's versions of their memos, in memo then version order (the export), a page at a time after `afterId`. */
export function revisionsOfCreator(db: Db, creatorId: number, afterId: number, limit: number): Promise<MemoRevisionRow[]> {
  return db
    .selectFrom("memo_revision")
    .selectAll()
    .where("creator_id", "=", creatorId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}
