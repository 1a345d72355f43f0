// The inbox's rows: written where something happens, read newest first with the memo's visibility facts (the
// service judges each), marked read.
import type { Db } from "../db.js";
import type { InboxKind } from "../schema.js";
import { batches } from "../batches.js";
import { nowSeconds } from "../time.js";

export interface NewInboxItem {
  user_id: number;
  kind: InboxKind;
  memo_id: number;
  actor_id: number;
  detail?: string;
  /** A reaction to a comment: the comment. */
  comment_id?: number;
}

/** An item about the account itself (no memo, no actor): `detail` says what the kind needs. */
export async function insertAccountInboxItem(db: Db, item: { user_id: number; kind: "two-factor-locked"; detail: string }): Promise<void> {
  await db
    .insertInto("inbox_item")
    .values({ ...item, memo_id: null, actor_id: null, created_ts: nowSeconds() })
    .execute();
}

export async function insertInboxItems(db: Db, items: readonly NewInboxItem[]): Promise<void> {
  const now = nowSeconds();
  for (const batch of batches(items))
    await db
      .insertInto("inbox_item")
      .values(batch.map((item) => ({ ...item, created_ts: now })))
      .execute();
}

/** Which of `memoIds` already told which users of a mention in its text (not a comment's), as "user memo" keys. */
export async function mentionsTold(db: Db, memoIds: readonly number[]): Promise<Set<string>> {
  const told = new Set<string>();
  for (const ids of batches([...new Set(memoIds)])) {
    const rows = await db
      .selectFrom("inbox_item")
      .select(["user_id", "memo_id"])
      .where("kind", "=", "mention")
      .where("comment_id", "is", null)
      .where("memo_id", "in", ids)
      .execute();
    for (const row of rows) told.add(`${row.user_id} ${row.memo_id}`);
  }
  return told;
}

/** The user's items, each with its memo's visibility facts, uid and text (or the comment's), and who did it. */
function itemsQuery(db: Db, userId: number) {
  return db
    .selectFrom("inbox_item as i")
    .leftJoin("memo as m", "m.id", "i.memo_id")
    .leftJoin("user as u", "u.id", "i.actor_id")
    .leftJoin("memo_comment as c", "c.id", "i.comment_id")
    .select([
      "i.id",
      "i.kind",
      "i.memo_id",
      "i.detail",
      "i.comment_id",
      "c.content as comment_content",
      "c.uid as comment_uid",
      "i.created_ts",
      "i.read_ts",
      "i.actor_id",
      "u.username as actor_username",
      "u.nickname as actor_nickname",
      "m.uid as memo_uid",
      "m.creator_id",
      "m.visibility",
      "m.row_status",
      "m.content",
      "m.space_id",
    ])
    .where("i.user_id", "=", userId)
    .where((eb) => eb.or([eb("i.memo_id", "is", null), eb.and([eb("m.id", "is not", null), eb("u.id", "is not", null)])]));
}

/**
 * A page of the user's items, newest first (before `beforeId`; `unread` only those not read; `kinds` only those
 * kinds), each with its memo's visibility facts and a bit of its text (or of the comment reacted to), and who did
 * it; items of a memo in the trash or gone are left out. Items about the account itself have no memo and no actor
 * (their columns are null). Read by the (user_id, id) index, newest first.
 */
export function listInboxItems(
  db: Db,
  userId: number,
  limit: number,
  options: { beforeId?: number; unread?: boolean; kinds?: readonly InboxKind[] } = {},
) {
  return itemsQuery(db, userId)
    .$if(options.beforeId !== undefined, (query) => query.where("i.id", "<", options.beforeId!))
    .$if(options.unread === true, (query) => query.where("i.read_ts", "is", null))
    .$if(options.kinds !== undefined, (query) => query.where("i.kind", "in", options.kinds!))
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
}

/** One of the user's items by its id, as the list reads it; undefined when it is not theirs or its memo is gone. */
export function findInboxItem(db: Db, userId: number, id: number) {
  return itemsQuery(db, userId).where("i.id", "=", id).executeTakeFirst();
}

/** Marks one of the user's items not read again. */
export async function markInboxUnread(db: Db, userId: number, id: number): Promise<void> {
  await db.updateTable("inbox_item").set({ read_ts: null }).where("user_id", "=", userId).where("id", "=", id).execute();
}

export async function deleteInboxItem(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom("inbox_item").where("user_id", "=", userId).where("id", "=", id).execute();
}

export async function markInboxRead(db: Db, userId: number, ids: readonly number[] | "all"): Promise<void> {
  const now = nowSeconds();
  if (ids === "all") {
    await db.updateTable("inbox_item").set({ read_ts: now }).where("user_id", "=", userId).where("read_ts", "is", null).execute();
    return;
  }
  for (const batch of batches(ids))
    await db
      .updateTable("inbox_item")
      .set({ read_ts: now })
      .where("user_id", "=", userId)
      .where("id", "in", batch)
      .where("read_ts", "is", null)
      .execute();
}
