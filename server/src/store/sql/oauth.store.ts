// OAuth clients, authorization codes, and the OAuth columns of access_token (its client, access expiry, refresh
// token hashes).
import type { Db } from "../db.js";
import type { AccessTokenRow } from "../schema.js";
import type { OAuthClientRow, OAuthCodeRow } from "../schema-oauth.js";

export type NewOAuthClient = Omit<OAuthClientRow, "id">;

export function insertOAuthClient(db: Db, client: NewOAuthClient): Promise<OAuthClientRow> {
  return db.insertInto("oauth_client").values(client).returningAll().executeTakeFirstOrThrow();
}

export function findOAuthClient(db: Db, clientId: string): Promise<OAuthClientRow | undefined> {
  return db.selectFrom("oauth_client").selectAll().where("client_id", "=", clientId).executeTakeFirst();
}

/** Registrations from one address since `sinceTs` (read through the (address_key, created_ts) index). */
export async function countRegistrationsSince(db: Db, addressKey: string, sinceTs: number): Promise<number> {
  const row = await db
    .selectFrom("oauth_client")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("address_key", "=", addressKey)
    .where("created_ts", ">=", sinceTs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Clients registered before `beforeTs` that no user ever approved: a client that comes back registers again. */
export async function deleteUnusedClients(db: Db, beforeTs: number): Promise<void> {
  await db
    .deleteFrom("oauth_client")
    .where("created_ts", "<", beforeTs)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb.selectFrom("access_token").select("access_token.id").whereRef("access_token.oauth_client_id", "=", "oauth_client.id"),
          ),
          eb.exists(eb.selectFrom("oauth_code").select("oauth_code.code_hash").whereRef("oauth_code.client_id", "=", "oauth_client.id")),
        ]),
      ),
    )
    .execute();
}

export async function insertOAuthCode(db: Db, code: Omit<OAuthCodeRow, "used_ts" | "access_token_id">): Promise<void> {
  await db.insertInto("oauth_code").values(code).execute();
}

export async function deleteExpiredCodes(db: Db, now: number): Promise<void> {
  await db.deleteFrom("oauth_code").where("expires_ts", "<=", now).execute();
}

/** Takes a code for its one use: the row, marked used, or undefined when it is unknown or was used before. */
export function takeOAuthCode(db: Db, codeHash: string, now: number): Promise<OAuthCodeRow | undefined> {
  return db
    .updateTable("oauth_code")
    .set({ used_ts: now })
    .where("code_hash", "=", codeHash)
    .where("used_ts", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export function findOAuthCode(db: Db, codeHash: string): Promise<OAuthCodeRow | undefined> {
  return db.selectFrom("oauth_code").selectAll().where("code_hash", "=", codeHash).executeTakeFirst();
}

export async function setCodeToken(db: Db, codeHash: string, accessTokenId: number): Promise<void> {
  await db.updateTable("oauth_code").set({ access_token_id: accessTokenId }).where("code_hash", "=", codeHash).execute();
}

export interface AppTokenHashes {
  token_hash: string;
  refresh_token_hash: string;
  access_expires_ts: number;
}

export interface NewAppToken extends AppTokenHashes {
  user_id: number;
  name: string;
  /** What the user approved: the first access token's scope, and what its refresh token keeps. */
  scope: AccessTokenRow["scope"];
  oauth_client_id: number;
  created_ts: number;
}

export function insertAppToken(db: Db, token: NewAppToken): Promise<AccessTokenRow> {
  return db
    .insertInto("access_token")
    .values({ ...token, granted_scope: token.scope, expires_ts: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row whose current refresh token, or whose previous one (a replay), has this hash. */
export async function findByRefreshHash(db: Db, hash: string): Promise<{ row: AccessTokenRow; current: boolean } | undefined> {
  const current = await db.selectFrom("access_token").selectAll().where("refresh_token_hash", "=", hash).executeTakeFirst();
  if (current) return { row: current, current: true };
  const previous = await db.selectFrom("access_token").selectAll().where("previous_refresh_hash", "=", hash).executeTakeFirst();
  return previous && { row: previous, current: false };
}

/**
 * Replaces a row's tokens, and the scope of its access token (a refresh may narrow it; the approval, granted_scope,
 * stays), if its refresh token is still `refreshHash` and it is not revoked: false when another request rotated it
 * first (the same refresh token used twice at once) or it was revoked meanwhile.
 */
export async function rotateAppToken(
  db: Db,
  id: number,
  refreshHash: string,
  next: AppTokenHashes,
  scope: AccessTokenRow["scope"],
): Promise<boolean> {
  const result = await db
    .updateTable("access_token")
    .set({ ...next, scope, previous_refresh_hash: refreshHash })
    .where("id", "=", id)
    .where("refresh_token_hash", "=", refreshHash)
    .where("revoked_ts", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The row an access token of an app belongs to (RFC 7009 takes either token). */
export function findAppTokenByAccessHash(db: Db, hash: string): Promise<AccessTokenRow | undefined> {
  return db
    .selectFrom("access_token")
    .selectAll()
    .where("token_hash", "=", hash)
    .where("oauth_client_id", "is not", null)
    .executeTakeFirst();
}
