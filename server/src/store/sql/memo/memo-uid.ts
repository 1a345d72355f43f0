// Memo uids (migration 046): made for each new memo, and the lookups between uids and ids that the v1 API's
// resource names (`memos/{uid}`) need, through idx_memo_uid and the primary keys.
import { randomBytes } from "node:crypto";
import type { Db } from "../../db.js";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const UID_LENGTH = 22;

/** 22 random letters and digits (about 131 bits), as long as memos' own generated uids. */
export function newMemoUid(): string {
  const bytes = randomBytes(UID_LENGTH * 2);
  let uid = "";
  // Rejection sampling keeps every letter equally likely: 248 is the largest multiple of 62 below 256.
  for (const byte of bytes) {
    if (byte >= 248) continue;
    uid += ALPHABET[byte % ALPHABET.length];
    if (uid.length === UID_LENGTH) return uid;
  }
  return uid + newMemoUid().slice(0, UID_LENGTH - uid.length);
}

/** The id of the live memo (not trashed) with this uid. */
export async function findMemoIdByUid(db: Db, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom("memo").select("id").where("uid", "=", uid).executeTakeFirst();
  return row?.id;
}

/**
 * Whether a memo, live or in a trash (a restore brings a trashed one back under it), or a comment (a memo with a
 * parent to v1 clients, migration 047) holds this uid already.
 */
export async function memoUidTaken(db: Db, uid: string): Promise<boolean> {
  const live = await db.selectFrom("memo").select("id").where("uid", "=", uid).executeTakeFirst();
  if (live) return true;
  const trashed = await db.selectFrom("memo_trash").select("memo_id").where("uid", "=", uid).executeTakeFirst();
  if (trashed) return true;
  const comment = await db.selectFrom("memo_comment").select("id").where("uid", "=", uid).executeTakeFirst();
  return comment !== undefined;
}

/** The uids of these live memos, by id (one query by primary key). */
export async function memoUidsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("memo")
    .select(["id", "uid"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.uid]));
}
