// Comments on memos and their files: a memo's page of comments, a page of memos' counts, one comment by id.
import { sql } from "kysely";
import { batches } from "../batches.js";
import type { Db } from "../db.js";
import type { ResourceRow } from "../schema.js";
import { nowSeconds } from "../time.js";
import { COMMENT_OWNED, deleteOwned } from "./owned-rows.js";
import { newMemoUid } from "./memo/memo-uid.js";
import { RESOURCE_COLUMNS } from "./resource.store.js";

export interface CommentRow {
  id: number;
  memo_id: number;
  creator_id: number;
  content: string;
  created_ts: number;
  updated_ts: number;
  username: string;
  nickname: string;
  /** Its v1 name's id (`memos/{uid}`, migration 047). */
  uid: string;
}

const commentQuery = (db: Db) =>
  db
    .selectFrom("memo_comment as c")
    .innerJoin("user as u", "u.id", "c.creator_id")
    .select(["c.id", "c.memo_id", "c.creator_id", "c.content", "c.created_ts", "c.updated_ts", "u.username", "u.nickname", "c.uid"]);

/** `uid`: its v1 name's id, as a client chose it (taken: the unique index refuses it); a random one otherwise. */
export async function insertComment(db: Db, memoId: number, creatorId: number, content: string, uid = newMemoUid()): Promise<number> {
  const now = nowSeconds();
  const row = await db
    .insertInto("memo_comment")
    .values({ memo_id: memoId, creator_id: creatorId, content, created_ts: now, updated_ts: now, uid })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The comment's new text (or files only). Its updated time moves past its created time even within the same second,
 * so an edit made at once still reads as edited.
 */
export async function updateCommentContent(db: Db, id: number, content: string | undefined): Promise<void> {
  await db
    .updateTable("memo_comment")
    .set({
      updated_ts: sql<number>`CASE WHEN created_ts >= ${nowSeconds()} THEN created_ts + 1 ELSE ${nowSeconds()} END`,
      ...(content === undefined ? {} : { content }),
    })
    .where("id", "=", id)
    .execute();
}

/** Replaces the comment's files with `resourceIds`. */
export async function setCommentResources(db: Db, commentId: number, resourceIds: readonly number[]): Promise<void> {
  await db.deleteFrom("memo_comment_resource").where("comment_id", "=", commentId).execute();
  for (const batch of batches([...new Set(resourceIds)])) {
    await db
      .insertInto("memo_comment_resource")
      .values(batch.map((resourceId) => ({ comment_id: commentId, resource_id: resourceId })))
      .execute();
  }
}

/** Removes the comment and what hangs off it (COMMENT_OWNED). Run inside a transaction. */
export async function deleteComment(db: Db, id: number): Promise<void> {
  for (const owned of COMMENT_OWNED) await deleteOwned(db, owned, "=", id);
  await db.deleteFrom("memo_comment").where("id", "=", id).execute();
}

export function findComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return commentQuery(db).where("c.id", "=", id).executeTakeFirst();
}

/** A page of the memo's comments, oldest first (the (memo_id, id) index), after the comment `after`. */
export const listCommentsQuery = (db: Db, memoId: number, after: number | undefined, limit: number) =>
  commentQuery(db)
    .where("c.memo_id", "=", memoId)
    .$if(after !== undefined, (query) => query.where("c.id", ">", after as number))
    .orderBy("c.id")
    .limit(limit);

export function listComments(db: Db, memoId: number, after: number | undefined, limit: number): Promise<CommentRow[]> {
  return listCommentsQuery(db, memoId, after, limit).execute();
}

/** The files of several comments in one query, each comment's in the order they were given. */
export async function listCommentResources(db: Db, commentIds: readonly number[]): Promise<(ResourceRow & { comment_id: number })[]> {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom("memo_comment_resource as cr")
    .innerJoin("resource as r", "r.id", "cr.resource_id")
    .select(RESOURCE_COLUMNS)
    .select("cr.comment_id")
    .where("cr.comment_id", "in", [...commentIds])
    .orderBy("r.id")
    .execute();
}

/** How many comments each memo has (those with none left out): one statement. */
export const countCommentsQuery = (db: Db, memoIds: readonly number[]) =>
  db
    .selectFrom("memo_comment")
    .select(["memo_id", sql<number | string>`count(*)`.as("n")])
    .where("memo_id", "in", [...memoIds])
    .groupBy("memo_id")
    .orderBy("memo_id");

export async function countComments(db: Db, memoIds: readonly number[]): Promise<{ memoId: number; count: number }[]> {
  if (memoIds.length === 0) return [];
  const rows = await countCommentsQuery(db, memoIds).execute();
  return rows.map((row) => ({ memoId: row.memo_id, count: Number(row.n) }));
}

export async function isCommentClosed(db: Db, memoId: number): Promise<boolean> {
  return (await db.selectFrom("memo_comment_closed").select("memo_id").where("memo_id", "=", memoId).executeTakeFirst()) !== undefined;
}

export async function setCommentClosed(db: Db, memoId: number, closed: boolean): Promise<void> {
  if (!closed) {
    await db.deleteFrom("memo_comment_closed").where("memo_id", "=", memoId).execute();
    return;
  }
  await db
    .insertInto("memo_comment_closed")
    .values({ memo_id: memoId })
    .onConflict((oc) => oc.column("memo_id").doNothing())
    .execute();
}

/** The id of the comment with this uid. */
export async function findCommentIdByUid(db: Db, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom("memo_comment").select("id").where("uid", "=", uid).executeTakeFirst();
  return row?.id;
}

/** The uids of these comments, by id (one query by primary key). */
export async function commentUidsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("memo_comment")
    .select(["id", "uid"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.uid]));
}
