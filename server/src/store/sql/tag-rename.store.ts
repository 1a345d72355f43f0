// The SQL of a tag rename: a creator's memo_tag entries of a tag and the tags under it, read a page at a time from
// the creator-and-tag index; the memos' texts by id; the creator's tag rows under the name.
import { sql } from "kysely";
import { batches } from "../batches.js";
import type { Db, Engine } from "../db.js";
import { tagsBetween } from "./memo/memo-filter.js";

/** Where a walk of a creator's entries stopped: the last entry read, in the index's order. */
export interface TagEntryPosition {
  tag: string;
  displayTs: number;
  memoId: number;
}

/** The tag in the "C" collation on PostgreSQL, as its indexes hold it (migrations 010, 017); SQLite compares bytes. */
const tagColumn = (engine: Engine, column: string) => (engine === "postgres" ? sql`${sql.ref(column)} COLLATE "C"` : sql.ref(column));

/**
 * `path` or a tag under it (`work`, `work/…`): one range of a tag index, from `path` to `path0` ('0' is the
 * character after '/'), in which the few names that continue `path` otherwise (`work-x`, `work.`) are left out.
 * One range keeps the index's order (an OR of two ranges would be read and sorted).
 */
const tagSubtree = (engine: Engine, column: string, path: string) => {
  const tag = tagColumn(engine, column);
  return sql<boolean>`(${tag} >= ${path} AND ${tag} < ${`${path}0`} AND (${tag} = ${path} OR ${tag} > ${`${path}/`}))`;
};

/**
 * A page of the creator's memo_tag entries of `path` and the tags under it, after `after`, in the order of
 * idx_memo_tag_creator_display (creator, tag, display time, memo): a range of it, from where the last page stopped.
 */
export function tagEntryPage(db: Db, engine: Engine, creatorId: number, path: string, after: TagEntryPosition | undefined, limit: number) {
  const tag = tagColumn(engine, "tag");
  // The position as the planners read it as the start of the range: the key after the creator on SQLite, the
  // whole key (creator too) on PostgreSQL, which would otherwise walk idx_memo_tag_display, every creator's.
  const start = !after
    ? sql<boolean>`${tag} >= ${path}`
    : engine === "postgres"
      ? sql<boolean>`(creator_id, ${tag}, display_ts, memo_id) > (${creatorId}, ${after.tag}, ${after.displayTs}, ${after.memoId})`
      : sql<boolean>`(${tag}, display_ts, memo_id) > (${after.tag}, ${after.displayTs}, ${after.memoId})`;
  return db
    .selectFrom("memo_tag")
    .select(["tag", "display_ts", "memo_id"])
    .where("creator_id", "=", creatorId)
    .where(start)
    .where(sql<boolean>`${tag} < ${`${path}0`} AND (${tag} = ${path} OR ${tag} > ${`${path}/`})`)
    .orderBy(tag)
    .orderBy("display_ts")
    .orderBy("memo_id")
    .limit(limit);
}

/** How many of the creator's memos (any status) carry `path` or a tag under it, each once. */
export async function countTaggedMemos(db: Db, engine: Engine, creatorId: number, path: string): Promise<number> {
  const row = await db
    .selectFrom("memo_tag")
    .select(sql<number | string>`count(DISTINCT memo_id)`.as("n"))
    .where("creator_id", "=", creatorId)
    .where(tagSubtree(engine, "tag", path))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the creator has `path` or a tag under it, in a memo or in their tag list. */
export async function hasTagSubtree(db: Db, engine: Engine, creatorId: number, path: string): Promise<boolean> {
  const inMemo = db
    .selectFrom("memo_tag")
    .select("memo_id")
    .where("creator_id", "=", creatorId)
    .where(tagSubtree(engine, "tag", path));
  const listed = db
    .selectFrom("tag")
    .select("creator_id")
    .where("creator_id", "=", creatorId)
    .where(tagSubtree(engine, "name", path));
  const row = await db
    .selectNoFrom((eb) => [eb.exists(inMemo.limit(1)).as("in_memo"), eb.exists(listed.limit(1)).as("listed")])
    .executeTakeFirstOrThrow();
  return Boolean(row.in_memo) || Boolean(row.listed);
}

/** The creator's listed tags that are `path` or under it. */
export async function listTagSubtree(db: Db, engine: Engine, creatorId: number, path: string): Promise<string[]> {
  const rows = await db
    .selectFrom("tag")
    .select("name")
    .where("creator_id", "=", creatorId)
    .where(tagSubtree(engine, "name", path))
    .execute();
  return rows.map((row) => row.name);
}

export async function deleteTagNames(db: Db, creatorId: number, names: readonly string[]): Promise<void> {
  for (const batch of batches(names)) await db.deleteFrom("tag").where("creator_id", "=", creatorId).where("name", "in", batch).execute();
}

/** The distinct tags under `path` in the creator's memos, at most `most + 1` of them, one index seek each. */
export async function childTags(db: Db, engine: Engine, creatorId: number, path: string, most: number): Promise<string[]> {
  const found = await tagsBetween(engine, `${path}/`, `${path}0`, creatorId, most).execute(db);
  return found.rows.map((row) => row.tag);
}
