// Private share links of memos, keyed by the sha256 of the token.
import type { Db } from "../db.js";
import type { MemoShareRow } from "../schema.js";

export interface NewMemoShare {
  memo_id: number;
  creator_id: number;
  token_hash: string;
  created_ts: number;
  expires_ts: number | null;
}

export function insertMemoShare(db: Db, share: NewMemoShare): Promise<MemoShareRow> {
  return db.insertInto("memo_share").values(share).returningAll().executeTakeFirstOrThrow();
}

export function findMemoShareByHash(db: Db, tokenHash: string): Promise<MemoShareRow | undefined> {
  return db.selectFrom("memo_share").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export function findMemoShare(db: Db, memoId: number, id: number): Promise<MemoShareRow | undefined> {
  return db.selectFrom("memo_share").selectAll().where("memo_id", "=", memoId).where("id", "=", id).executeTakeFirst();
}

/** A memo's links that have not expired at `now`, newest first (a handful per memo). */
export function listLiveMemoShares(db: Db, memoId: number, now: number): Promise<MemoShareRow[]> {
  return db
    .selectFrom("memo_share")
    .selectAll()
    .where("memo_id", "=", memoId)
    .where((eb) => eb.or([eb("expires_ts", "is", null), eb("expires_ts", ">", now)]))
    .orderBy("id", "desc")
    .execute();
}

/** Revoking a link deletes it: its token finds nothing from then on. */
export async function deleteMemoShare(db: Db, id: number): Promise<void> {
  await db.deleteFrom("memo_share").where("id", "=", id).execute();
}

/** Records an opening; the `before` guard keeps the link from being written on every view. */
export async function touchMemoShare(db: Db, id: number, openedTs: number, before: number): Promise<void> {
  await db
    .updateTable("memo_share")
    .set({ last_opened_ts: openedTs })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_opened_ts", "is", null), eb("last_opened_ts", "<", before)]))
    .execute();
}
