// Emoji reactions: one row per memo or comment, user and emoji; read for a page of memos or comments at once. Memos'
// are in memo_reaction (memo_id), comments' in comment_reaction (comment_id): the same columns but the target's.
import { sql } from "kysely";
import type { Db } from "../db.js";
import { nowSeconds } from "../time.js";

const TARGETS = {
  memo: { table: "memo_reaction", column: "memo_id" },
  comment: { table: "comment_reaction", column: "comment_id" },
} as const;
/** What a reaction is on. */
export type ReactionTarget = keyof typeof TARGETS;

export interface ReactionRow {
  /** The memo's or the comment's id. */
  target_id: number;
  emoji: string;
  creator_id: number;
  name: string;
  created_ts: number;
}

/** The target's table (aliased `r`) and its id column, typed as memo_reaction's: the two differ only in that name. */
function source(db: Db, target: ReactionTarget) {
  const { table, column } = TARGETS[target];
  return { from: db.dynamic.table(table as "memo_reaction").as("r"), id: sql.ref<number>(`r.${column}`) };
}

/** Adds the user's reaction; false when it was there already. */
export async function insertReaction(db: Db, target: ReactionTarget, targetId: number, userId: number, emoji: string): Promise<boolean> {
  const { table, column } = TARGETS[target];
  const result = await db
    .insertInto(table as "memo_reaction")
    .values({ [column as "memo_id"]: targetId, creator_id: userId, emoji, created_ts: nowSeconds() })
    .onConflict((oc) => oc.columns([column as "memo_id", "emoji", "creator_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteReaction(db: Db, target: ReactionTarget, targetId: number, userId: number, emoji: string): Promise<void> {
  const { table, column } = TARGETS[target];
  await db
    .deleteFrom(table as "memo_reaction")
    .where(sql.ref(column), "=", targetId)
    .where("creator_id", "=", userId)
    .where("emoji", "=", emoji)
    .execute();
}

/**
 * The reactions of the memos or comments, oldest first, with each reactor's shown name: one statement for a page
 * (the unique index's leading id), at most `perTarget` rows an emoji (the counts come from countReactions).
 */
export function listReactions(db: Db, target: ReactionTarget, ids: readonly number[], perTarget: number): Promise<ReactionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return listReactionsQuery(db, target, ids, perTarget).execute();
}

/** listReactions' statement (its plan is asserted in reaction-plans.test.ts). */
export function listReactionsQuery(db: Db, target: ReactionTarget, ids: readonly number[], perTarget: number) {
  const { from, id } = source(db, target);
  const ranked = db
    .selectFrom(from)
    .innerJoin("user as u", "u.id", "r.creator_id")
    .select([
      id.as("target_id"),
      "r.emoji",
      "r.creator_id",
      "r.created_ts",
      sql<string>`CASE WHEN u.nickname <> '' THEN u.nickname ELSE u.username END`.as("name"),
      sql<number>`row_number() OVER (PARTITION BY ${id}, r.emoji ORDER BY r.created_ts, r.id)`.as("rank"),
    ])
    .where(id, "in", [...ids]);
  return db
    .selectFrom(ranked.as("t"))
    .select(["t.target_id", "t.emoji", "t.creator_id", "t.name", "t.created_ts"])
    .where("t.rank", "<=", perTarget)
    .orderBy("t.target_id")
    .orderBy("t.created_ts");
}

/** How many reacted with each emoji to each memo or comment, and whether `userId` did: one statement. */
export async function countReactions(db: Db, target: ReactionTarget, ids: readonly number[], userId: number | null) {
  if (ids.length === 0) return [];
  const rows = await countReactionsQuery(db, target, ids, userId).execute();
  return rows.map((row) => ({ target_id: row.target_id, emoji: row.emoji, count: Number(row.n), mine: Number(row.mine) > 0 }));
}

/** countReactions' statement (its plan is asserted in reaction-plans.test.ts). */
export function countReactionsQuery(db: Db, target: ReactionTarget, ids: readonly number[], userId: number | null) {
  const { from, id } = source(db, target);
  return db
    .selectFrom(from)
    .select([
      id.as("target_id"),
      "r.emoji",
      sql<number | string>`count(*)`.as("n"),
      sql<number | string>`sum(CASE WHEN r.creator_id = ${userId ?? -1} THEN 1 ELSE 0 END)`.as("mine"),
    ])
    .where(id, "in", [...ids])
    .groupBy([id, "r.emoji"])
    .orderBy(id)
    .orderBy(sql`min(r.id)`);
}

/** One reaction as v1 lists them: its own id, who gave it (by username) and when. */
export interface ReactionEntryRow {
  id: number;
  target_id: number;
  creator_id: number;
  username: string;
  emoji: string;
  created_ts: number;
}

function entriesQuery(db: Db, target: ReactionTarget) {
  const { from, id } = source(db, target);
  return db
    .selectFrom(from)
    .innerJoin("user as u", "u.id", "r.creator_id")
    .select(["r.id", id.as("target_id"), "r.creator_id", "u.username", "r.emoji", "r.created_ts"]);
}

/** A page of one memo's or comment's reactions in the order given, after the reaction `afterId` (ids ascending). */
export function listReactionEntries(
  db: Db,
  target: ReactionTarget,
  targetId: number,
  afterId: number,
  limit: number,
): Promise<ReactionEntryRow[]> {
  const { column } = TARGETS[target];
  return entriesQuery(db, target)
    .where(sql.ref(`r.${column}`), "=", targetId)
    .where("r.id", ">", afterId)
    .orderBy("r.id")
    .limit(limit)
    .execute();
}

export function findReactionEntry(db: Db, target: ReactionTarget, id: number): Promise<ReactionEntryRow | undefined> {
  return entriesQuery(db, target).where("r.id", "=", id).executeTakeFirst();
}

/** The user's reaction with this emoji on the memo or comment. */
export function findOwnReactionEntry(
  db: Db,
  target: ReactionTarget,
  targetId: number,
  userId: number,
  emoji: string,
): Promise<ReactionEntryRow | undefined> {
  const { column } = TARGETS[target];
  return entriesQuery(db, target)
    .where(sql.ref(`r.${column}`), "=", targetId)
    .where("r.creator_id", "=", userId)
    .where("r.emoji", "=", emoji)
    .executeTakeFirst();
}
