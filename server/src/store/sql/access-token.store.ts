// Personal access tokens, keyed by the sha256 of the token.
import type { Db } from "../db.js";
import type { AccessTokenRow } from "../schema.js";
import { nowSeconds } from "../time.js";

export interface NewAccessToken {
  user_id: number;
  name: string;
  token_hash: string;
  scope: AccessTokenRow["scope"];
  created_ts: number;
  expires_ts: number | null;
}

export function insertAccessToken(db: Db, token: NewAccessToken): Promise<AccessTokenRow> {
  return db.insertInto("access_token").values(token).returningAll().executeTakeFirstOrThrow();
}

export function findAccessTokenByHash(db: Db, tokenHash: string): Promise<AccessTokenRow | undefined> {
  return db.selectFrom("access_token").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export function findAccessTokenById(db: Db, id: number): Promise<AccessTokenRow | undefined> {
  return db.selectFrom("access_token").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user's tokens that are not revoked, newest first (a handful per user; expired ones are listed as such). */
export function listLiveAccessTokens(db: Db, userId: number): Promise<AccessTokenRow[]> {
  return db
    .selectFrom("access_token")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_ts", "is", null)
    .orderBy("id", "desc")
    .execute();
}

export async function revokeAccessToken(db: Db, id: number): Promise<void> {
  await db.updateTable("access_token").set({ revoked_ts: nowSeconds() }).where("id", "=", id).where("revoked_ts", "is", null).execute();
}

/** Every token of a user stops working (a new password, archiving). */
export async function revokeUserAccessTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("access_token")
    .set({ revoked_ts: nowSeconds() })
    .where("user_id", "=", userId)
    .where("revoked_ts", "is", null)
    .execute();
}

/** Records a use; the `before` guard keeps two requests of the same minute from both writing. */
export async function touchAccessToken(db: Db, id: number, usedTs: number, address: string, before: number): Promise<void> {
  await db
    .updateTable("access_token")
    .set({ last_used_ts: usedTs, last_used_address: address })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_ts", "is", null), eb("last_used_ts", "<", before)]))
    .execute();
}

/** Names of tokens by id (a memo's details show the token it was written with). */
export function findAccessTokenName(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom("access_token").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

/** Names of a user's tokens among `ids` (the versions of a memo say which token wrote them). */
export async function findAccessTokenNames(db: Db, userId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("access_token")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
