// A memo's tags (memo_tag, extracted from its text) and what is read of them per user: the suggestions, the counts
// (memo_tag_count, kept by triggers) and a subtree's memos. Writes go in batches (a memo's tags are capped; an import's
// or a rename's many memos are not).
import { sql } from "kysely";
import { batches } from "../../batches.js";
import type { Db, Engine } from "../../db.js";

/** The memo's tags become `tags` (distinct), written in batches. */
export async function replaceMemoTags(db: Db, memoId: number, tags: string[]): Promise<void> {
  await db.deleteFrom("memo_tag").where("memo_id", "=", memoId).execute();
  for (const batch of batches(tags))
    await db
      .insertInto("memo_tag")
      .values(batch.map((tag) => ({ memo_id: memoId, tag })))
      .execute();
}

/** The tags of several memos become the given ones (distinct per memo), in a few statements. */
export async function replaceTagsOfMemos(db: Db, memos: ReadonlyArray<{ id: number; tags: readonly string[] }>): Promise<void> {
  for (const batch of batches(memos.map((memo) => memo.id))) await db.deleteFrom("memo_tag").where("memo_id", "in", batch).execute();
  const rows = memos.flatMap((memo) => memo.tags.map((tag) => ({ memo_id: memo.id, tag })));
  for (const batch of batches(rows)) await db.insertInto("memo_tag").values(batch).execute();
}

/** Tags found in a user's NORMAL memos (for suggestions), from the maintained per-tag counts. */
export async function listMemoTagsOfCreator(db: Db, creatorId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("memo_tag_count")
    .select("tag")
    .where("creator_id", "=", creatorId)
    .where("n", ">", 0)
    .orderBy("tag")
    .execute();
  return rows.map((row) => row.tag);
}

/**
 * How many of a user's NORMAL memos carry `path` or a tag under it (`work`, `work/…`), each memo once: the range of
 * the user's memo_tag entries (index of creator and tag), each memo looked up for its status. Reads the subtree's
 * entries (the caller skips it when one tag holds them all).
 */
export async function countSubtreeMemos(db: Db, engine: Engine, creatorId: number, path: string): Promise<number> {
  const tag = engine === "postgres" ? sql`t.tag COLLATE "C"` : sql`t.tag`;
  const row = await db
    .selectFrom("memo_tag as t")
    .innerJoin("memo as m", "m.id", "t.memo_id")
    .select(sql<number | string>`count(DISTINCT t.memo_id)`.as("n"))
    .where("t.creator_id", "=", creatorId)
    .where("m.row_status", "=", "NORMAL")
    .where(sql<boolean>`(${tag} = ${path} OR (${tag} > ${`${path}/`} AND ${tag} < ${`${path}0`}))`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A user's tags with how many of their NORMAL memos carry each, from the maintained per-tag counts. */
export async function countMemoTagsOfCreator(db: Db, creatorId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom("memo_tag_count").select(["tag", "n"]).where("creator_id", "=", creatorId).where("n", ">", 0).execute();
  return new Map(rows.map((row) => [row.tag, Number(row.n)]));
}
