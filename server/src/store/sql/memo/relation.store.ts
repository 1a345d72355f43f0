import type { Visibility } from "@memos/common";
// References between memos (memo_relation, migration 029): written with a memo's text, read both ways through
// their indexes, then the memos by primary key from `memo`, so a memo in the trash (whose rows stay until it is
// purged) is never shown.
import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import { batches } from "../../batches.js";
import type { Db } from "../../db.js";
import type { Database } from "../../schema.js";

/**
 * Which related memos a viewer sees: their own (any status), and others' NORMAL ones of `shared`. The relation
 * policy makes it (policies/relation.policy.ts, relatedScope); the store reads the rows it lets through.
 */
export interface RelatedScope {
  ownerId: number | null;
  shared: readonly Visibility[];
}

const REFERENCE = "REFERENCE";
/** How much of a related memo's text a preview carries (its first line is cut from it). */
const SNIPPET_CHARS = 300;

export interface RelatedMemoRow {
  id: number;
  creator_id: number;
  creator_username: string;
  display_ts: number;
  visibility: string;
  row_status: string;
  snippet: string;
}

/**
 * The references of each of `memos` become its `links` (ids its text names), in a few statements for the batch.
 * Only memos that exist (in `memo` or the trash) are kept, and never the memo itself. Run inside a transaction.
 */
export async function replaceRelationsOfMemos(db: Db, memos: ReadonlyArray<{ id: number; links: readonly number[] }>): Promise<void> {
  for (const batch of batches(memos.map((memo) => memo.id)))
    await db.deleteFrom("memo_relation").where("type", "=", REFERENCE).where("memo_id", "in", batch).execute();
  const wanted = [...new Set(memos.flatMap((memo) => memo.links))];
  const existing = new Set<number>();
  for (const batch of batches(wanted)) {
    const rows = await db
      .selectFrom("memo")
      .select("id")
      .where("id", "in", batch)
      .unionAll(db.selectFrom("memo_trash").select("memo_id as id").where("memo_id", "in", batch))
      .execute();
    for (const row of rows) existing.add(Number(row.id));
  }
  const rows = memos.flatMap((memo) =>
    memo.links
      .filter((id) => id !== memo.id && existing.has(id))
      .map((related) => ({ memo_id: memo.id, related_memo_id: related, type: REFERENCE })),
  );
  for (const batch of batches(rows)) await db.insertInto("memo_relation").values(batch).execute();
}

function previewColumns(eb: ExpressionBuilder<Database & { m: Database["memo"]; u: Database["user"] }, "m" | "u">) {
  return [
    "m.id",
    "m.creator_id",
    "u.username as creator_username",
    "m.display_ts",
    "m.visibility",
    "m.row_status",
    sql<string>`substr(${eb.ref("m.content")}, 1, ${sql.lit(SNIPPET_CHARS)})`.as("snippet"),
  ] as const;
}

function linkIdsQuery(db: Db, memoId: number, limit: number) {
  return db
    .selectFrom("memo_relation")
    .select("related_memo_id")
    .where("memo_id", "=", memoId)
    .where("type", "=", REFERENCE)
    .orderBy("related_memo_id")
    .limit(limit);
}

// The memos by id, by primary key alone: a memo's links are few (at most MAX_MEMO_LINKS), read apart from the memos
// so that no plan may walk `memo` by another index; the caller judges which to show (relation.policy.ts).
function memosByIdQuery(db: Db, ids: readonly number[]) {
  return db.selectFrom("memo as m").innerJoin("user as u", "u.id", "m.creator_id").select(previewColumns).where("m.id", "in", ids);
}

function backlinkIdsQuery(db: Db, memoId: number, limit: number, before?: number) {
  return db
    .selectFrom("memo_relation")
    .select("memo_id")
    .where("related_memo_id", "=", memoId)
    .where("type", "=", REFERENCE)
    .$if(before !== undefined, (query) => query.where("memo_id", "<", before!))
    .orderBy("memo_id", "desc")
    .limit(limit);
}

/** The statements, compiled, for the plan tests. */
export function relationSql(db: Db, memoId: number, limit: number, before?: number) {
  return {
    linkIds: linkIdsQuery(db, memoId, limit).compile(),
    backlinkIds: backlinkIdsQuery(db, memoId, limit, before).compile(),
    memos: (ids: readonly number[]) => memosByIdQuery(db, ids).compile(),
  };
}

/** The memos `memoId` references (at most `limit`, by id), whoever may see them: the caller filters. */
export async function linkedMemos(db: Db, memoId: number, limit: number): Promise<RelatedMemoRow[]> {
  const ids = (await linkIdsQuery(db, memoId, limit).execute()).map((row) => row.related_memo_id);
  const rows: RelatedMemoRow[] = [];
  for (const batch of batches(ids)) rows.push(...(await memosByIdQuery(db, batch).execute()).map(numeric));
  return rows.sort((a, b) => a.id - b.id);
}

/** The most backlink ids one request reads: a page stops there, full or not, and says where to go on. */
const BACKLINK_SCAN = 5000;

/**
 * Up to `limit` memos that reference `memoId` and that `shows` keeps, newest (highest id) first, below `before` when
 * given: the ids from idx_memo_relation_related backwards, a growing chunk at a time, each chunk's memos by primary
 * key (two plans that cannot go wrong, whatever the engine's statistics). At most BACKLINK_SCAN ids are read:
 * `stoppedAt` is then the last id read (the next page goes on below it), null when the walk reached the end or
 * filled the page.
 */
export async function backlinkMemos(
  db: Db,
  memoId: number,
  shows: (row: RelatedMemoRow) => boolean,
  limit: number,
  before?: number,
): Promise<{ rows: RelatedMemoRow[]; stoppedAt: number | null }> {
  const rows: RelatedMemoRow[] = [];
  let chunk = limit;
  let after = before;
  let scanned = 0;
  for (;;) {
    const want = Math.min(chunk, BACKLINK_SCAN - scanned);
    const ids = (await backlinkIdsQuery(db, memoId, want, after).execute()).map((row) => row.memo_id);
    const memos = ids.length === 0 ? new Map() : new Map((await memosByIdQuery(db, ids).execute()).map((row) => [row.id, numeric(row)]));
    for (const id of ids) {
      const row = memos.get(id);
      if (row && shows(row)) rows.push(row);
      if (rows.length === limit) return { rows, stoppedAt: null };
    }
    if (ids.length < want) return { rows, stoppedAt: null };
    scanned += ids.length;
    after = ids[ids.length - 1]!;
    if (scanned >= BACKLINK_SCAN) return { rows, stoppedAt: after };
    chunk *= 4;
  }
}

const numeric = (row: RelatedMemoRow): RelatedMemoRow => ({ ...row, display_ts: Number(row.display_ts) });

/** How many of a memo's newest references a card's count reads, at most: its work is bounded whatever the memo. */
const BACKLINK_COUNT_SCAN = 500;
/** The highest count a card shows; past it, "99+". */
const BACKLINK_COUNT_CAP = 99;

/**
 * How many memos `scope` shows reference `memoId`, among its newest BACKLINK_COUNT_SCAN references, counted up to
 * BACKLINK_COUNT_CAP + 1: its ids from idx_memo_relation_related backwards, and for each a scalar look-up of its memo
 * by primary key (the scope's rule, relation.policy.ts, as SQL). A scalar subquery is never made a join, so no plan
 * may read `memo` by another way; the memo's id is the branch's own value, so PostgreSQL plans each with what its
 * statistics say of that memo (a memo referenced thousands of times read backwards from the index, never sorted).
 * Written as SQL text: Kysely's builder took milliseconds to compile 30 branches of it.
 */
function backlinkCountBranch(memoId: number, shown: RawBuilder<unknown>) {
  return sql`SELECT CAST(${memoId} AS INTEGER) AS id, count(*) AS n FROM (
    SELECT 1 AS one FROM (
      SELECT r.memo_id FROM memo_relation r WHERE r.related_memo_id = ${memoId} AND r.type = ${REFERENCE}
      ORDER BY r.memo_id DESC LIMIT ${sql.lit(BACKLINK_COUNT_SCAN)}
    ) ids
    WHERE (SELECT ${shown} FROM memo m WHERE m.id = ids.memo_id)
    LIMIT ${sql.lit(BACKLINK_COUNT_CAP + 1)}
  ) v`;
}

/** The counts of a page of memos in one statement, a branch a memo (at most MAX_REACTION_MEMOS). */
export function backlinkCountsQuery(memoIds: readonly number[], scope: RelatedScope) {
  const shared = sql`m.row_status = 'NORMAL' AND m.visibility IN (${sql.join([...scope.shared])})`;
  const shown = scope.ownerId === null ? shared : sql`(m.creator_id = ${scope.ownerId} OR (${shared}))`;
  return sql<{ id: number; n: number | string }>`${sql.join(
    memoIds.map((id) => backlinkCountBranch(id, shown)),
    sql` UNION ALL `,
  )}`;
}

/** The backlink counts of `memoIds` as `scope` sees them (memos with none left out). */
export async function countBacklinks(
  db: Db,
  memoIds: readonly number[],
  scope: RelatedScope,
): Promise<{ memoId: number; count: number; more: boolean }[]> {
  if (memoIds.length === 0) return [];
  const { rows } = await backlinkCountsQuery(memoIds, scope).execute(db);
  return rows
    .map((row) => ({ id: row.id, n: Number(row.n ?? 0) }))
    .filter((row) => row.n > 0)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ memoId: row.id, count: Math.min(row.n, BACKLINK_COUNT_CAP), more: row.n > BACKLINK_COUNT_CAP }));
}
