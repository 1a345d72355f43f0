// Emoji reactions: one row per memo, user and emoji; read for a page of memos at once.
import { sql } from "kysely";
import type { Db } from "../db.js";
import { nowSeconds } from "../time.js";

export interface ReactionRow {
  memo_id: number;
  emoji: string;
  creator_id: number;
  name: string;
  created_ts: number;
}

/** Adds the user's reaction; false when it was there already. */
export async function insertReaction(db: Db, memoId: number, userId: number, emoji: string): Promise<boolean> {
  const result = await db
    .insertInto("memo_reaction")
    .values({ memo_id: memoId, creator_id: userId, emoji, created_ts: nowSeconds() })
    .onConflict((oc) => oc.columns(["memo_id", "emoji", "creator_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteReaction(db: Db, memoId: number, userId: number, emoji: string): Promise<void> {
  await db.deleteFrom("memo_reaction").where("memo_id", "=", memoId).where("creator_id", "=", userId).where("emoji", "=", emoji).execute();
}

/**
 * The reactions of the memos, oldest first, with each reactor's shown name: one statement for a page of memos
 * (the unique index's leading memo_id), at most `perMemo` rows a memo (the counts come from countReactions).
 */
export function listReactions(db: Db, memoIds: readonly number[], perMemo: number): Promise<ReactionRow[]> {
  if (memoIds.length === 0) return Promise.resolve([]);
  return listReactionsQuery(db, memoIds, perMemo).execute() as Promise<ReactionRow[]>;
}

export function listReactionsQuery(db: Db, memoIds: readonly number[], perMemo: number) {
  const ranked = db
    .selectFrom("memo_reaction as r")
    .innerJoin("user as u", "u.id", "r.creator_id")
    .select([
      "r.memo_id",
      "r.emoji",
      "r.creator_id",
      "r.created_ts",
      sql<string>`CASE WHEN u.nickname <> '' THEN u.nickname ELSE u.username END`.as("name"),
      sql<number>`row_number() OVER (PARTITION BY r.memo_id, r.emoji ORDER BY r.created_ts, r.id)`.as("rank"),
    ])
    .where("r.memo_id", "in", [...memoIds]);
  return db
    .selectFrom(ranked.as("t"))
    .select(["t.memo_id", "t.emoji", "t.creator_id", "t.name", "t.created_ts"])
    .where("t.rank", "<=", perMemo)
    .orderBy("t.memo_id")
    .orderBy("t.created_ts");
}

/** How many reacted with each emoji to each memo, and whether `userId` did: one statement. */
export async function countReactions(db: Db, memoIds: readonly number[], userId: number | null) {
  if (memoIds.length === 0) return [];
  const rows = await countReactionsQuery(db, memoIds, userId).execute();
  return rows.map((row) => ({ memo_id: row.memo_id, emoji: row.emoji, count: Number(row.n), mine: Number(row.mine) > 0 }));
}

export const countReactionsQuery = (db: Db, memoIds: readonly number[], userId: number | null) =>
  db
    .selectFrom("memo_reaction")
    .select([
      "memo_id",
      "emoji",
      sql<number | string>`count(*)`.as("n"),
      sql<number | string>`sum(CASE WHEN creator_id = ${userId ?? -1} THEN 1 ELSE 0 END)`.as("mine"),
      sql<number | string>`min(id)`.as("first"),
    ])
    .where("memo_id", "in", [...memoIds])
    .groupBy(["memo_id", "emoji"])
    .orderBy("memo_id")
    .orderBy(sql`min(id)`);
