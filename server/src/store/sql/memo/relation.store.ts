// References between memos (memo_relation, migration 028): written with a memo's text, read both ways through
// their indexes. Readers join `memo`, so a memo in the trash (whose rows stay until it is purged) is never shown.
import type { Visibility } from "@memos/common";
import { type ExpressionBuilder, sql } from "kysely";
import { batches } from "../../batches.js";
import type { Db } from "../../db.js";
import type { Database } from "../../schema.js";

const REFERENCE = "REFERENCE";
/** How much of a related memo's text a preview carries (its first line is cut from it). */
const SNIPPET_CHARS = 300;

/** Which related memos a viewer sees (policies/relation.policy.ts): their own, and others' NORMAL ones of `shared`. */
export interface RelatedScope {
  ownerId: number | null;
  shared: readonly Visibility[];
}

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

function visibleTo(scope: RelatedScope) {
  return (eb: ExpressionBuilder<Database & { m: Database["memo"] }, "m">) => {
    const shared =
      scope.shared.length > 0 ? [eb.and([eb("m.row_status", "=", "NORMAL"), eb("m.visibility", "in", [...scope.shared])])] : [];
    const own = scope.ownerId !== null ? [eb("m.creator_id", "=", scope.ownerId)] : [];
    return eb.or([...own, ...shared]);
  };
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

/** The memos `memoId` references that `scope` shows, by id (a memo holds at most MAX_MEMO_LINKS). */
export async function linkedMemos(db: Db, memoId: number, scope: RelatedScope, limit: number): Promise<RelatedMemoRow[]> {
  if (scope.ownerId === null && scope.shared.length === 0) return [];
  const rows = await db
    .selectFrom("memo_relation as r")
    .innerJoin("memo as m", "m.id", "r.related_memo_id")
    .innerJoin("user as u", "u.id", "m.creator_id")
    .select(previewColumns)
    .where("r.memo_id", "=", memoId)
    .where("r.type", "=", REFERENCE)
    .where(visibleTo(scope))
    .orderBy("r.related_memo_id")
    .limit(limit)
    .execute();
  return rows.map(numeric);
}

/**
 * The memos that reference `memoId` and that `scope` shows, newest (highest id) first, below `before` when given:
 * a walk of idx_memo_relation_related backwards, each memo read by its primary key.
 */
export async function backlinkMemos(
  db: Db,
  memoId: number,
  scope: RelatedScope,
  limit: number,
  before?: number,
): Promise<RelatedMemoRow[]> {
  if (scope.ownerId === null && scope.shared.length === 0) return [];
  const rows = await db
    .selectFrom("memo_relation as r")
    .innerJoin("memo as m", "m.id", "r.memo_id")
    .innerJoin("user as u", "u.id", "m.creator_id")
    .select(previewColumns)
    .where("r.related_memo_id", "=", memoId)
    .where("r.type", "=", REFERENCE)
    .$if(before !== undefined, (query) => query.where("r.memo_id", "<", before!))
    .where(visibleTo(scope))
    .orderBy("r.memo_id", "desc")
    .limit(limit)
    .execute();
  return rows.map(numeric);
}

const numeric = (row: RelatedMemoRow): RelatedMemoRow => ({ ...row, display_ts: Number(row.display_ts) });
