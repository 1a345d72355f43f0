// The token endpoint and revocation (RFC 6749 §4.1.3 and RFC 6749 §6, RFC 7009). One approval is one access_token row, named
// after the client, listed in Settings › Access tokens: its access token (an ordinary `memos_pat_…`, valid an hour,
// at the MCP endpoint only) and its refresh token are hashes on that row, replaced together on each refresh.
// A refresh may narrow the new access token's scope; the refresh token keeps the approval (policies/oauth.policy.ts,
// refreshedAccess; RFC 6749 §6).
// Revoking the row (here or in Settings) ends both. A code presented twice revokes the row it gave; so does a
// refresh token presented after it was rotated away (a replay: one of the two holders is not the app).
import {
  type AccessTokenScope,
  scopeOfAccess,
  type TokenRequest,
  type TokenResponse,
  type RevokeRequest,
  mcpResourceUrl,
} from "@memos/common";
import { newAccessToken } from "../auth/access-token.js";
import { ACCESS_TOKEN_SECONDS, newRefreshToken, verifierMatches } from "../auth/oauth-tokens.js";
import { hashToken } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { OAuthError } from "../errors.js";
import { refreshedAccess } from "../policies/oauth.policy.js";
import { revokeAccessToken } from "../store/sql/access-token.store.js";
import type { Db } from "../store/db.js";
import {
  type AppTokenHashes,
  findAppTokenByAccessHash,
  findByRefreshHash,
  findOAuthClient,
  findOAuthCode,
  insertAppToken,
  rotateAppToken,
  setCodeToken,
  takeOAuthCode,
} from "../store/sql/oauth.store.js";
import type { OAuthClientRow } from "../store/schema-oauth.js";
import { nowSeconds } from "../store/time.js";
import { findUserById } from "../store/sql/user.store.js";
import { assertMcpOn } from "./oauth.service.js";

const invalidRequest = (description: string) => new OAuthError(400, "invalid_request", description);
const invalidGrant = (description: string) => new OAuthError(400, "invalid_grant", description);

function required<K extends keyof TokenRequest>(input: TokenRequest, name: K): string {
  const value = input[name];
  if (typeof value !== "string" || value === "") throw invalidRequest(`${String(name)} is required`);
  return value;
}

async function clientOf(db: Db, clientId: string): Promise<OAuthClientRow> {
  const client = await findOAuthClient(db, clientId);
  if (!client) throw new OAuthError(401, "invalid_client", "Unknown client_id: register the client first");
  return client;
}

/** A new access token and refresh token, and their hashes for the row. */
function newTokens(now: number): { access: string; refresh: string; hashes: AppTokenHashes } {
  const { token, tokenHash } = newAccessToken();
  const refresh = newRefreshToken();
  return {
    access: token,
    refresh,
    hashes: { token_hash: tokenHash, refresh_token_hash: hashToken(refresh), access_expires_ts: now + ACCESS_TOKEN_SECONDS },
  };
}

const answer = (tokens: { access: string; refresh: string }, scope: AccessTokenScope): TokenResponse => ({
  access_token: tokens.access,
  token_type: "Bearer",
  expires_in: ACCESS_TOKEN_SECONDS,
  refresh_token: tokens.refresh,
  scope: scopeOfAccess(scope),
});

/** The account the tokens act for must still be one that may sign in. */
async function assertUserActive(db: Db, userId: number): Promise<void> {
  const user = await findUserById(db, userId);
  if (user?.row_status !== "NORMAL") throw invalidGrant("The account that approved the app is archived or deleted");
}

export async function exchangeToken(ctx: AppContext, input: TokenRequest, origin: string): Promise<TokenResponse> {
  await assertMcpOn(ctx);
  const grant = required(input, "grant_type");
  if (grant === "authorization_code") return byCode(ctx, input);
  if (grant === "refresh_token") return byRefreshToken(ctx, input, origin);
  throw new OAuthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
}

type CodeOutcome = { tokens: TokenResponse } | { failure: OAuthError; revoke?: number };

async function byCode(ctx: AppContext, input: TokenRequest): Promise<TokenResponse> {
  const code = required(input, "code");
  const verifier = required(input, "code_verifier");
  const redirectUri = required(input, "redirect_uri");
  const { db } = ctx.store;
  const client = await clientOf(db, required(input, "client_id"));
  const codeHash = hashToken(code);
  // One transaction: a second use of the code waits for the first's commit and then sees the token it gave.
  const outcome = await db.transaction().execute(async (tx): Promise<CodeOutcome> => {
    const now = nowSeconds();
    const row = await takeOAuthCode(tx, codeHash, now);
    if (!row) {
      const spent = await findOAuthCode(tx, codeHash);
      const failure = invalidGrant(
        spent ? "The authorization code was used already: the tokens it gave are revoked" : "Unknown authorization code",
      );
      return { failure, ...(spent?.access_token_id != null && { revoke: spent.access_token_id }) };
    }
    // The code is spent whatever follows: a wrong verifier gets no second try.
    if (Number(row.expires_ts) <= now) return { failure: invalidGrant("The authorization code expired") };
    if (row.client_id !== client.id) return { failure: invalidGrant("The authorization code was issued to another client") };
    if (row.redirect_uri !== redirectUri) return { failure: invalidGrant("redirect_uri is not the one of the authorization request") };
    if (input.resource !== undefined && input.resource.replace(/\/$/, "") !== row.resource)
      return { failure: new OAuthError(400, "invalid_target", `resource must be ${row.resource}`) };
    if (!verifierMatches(verifier, row.code_challenge)) return { failure: invalidGrant("code_verifier does not match the code_challenge") };
    await assertUserActive(tx, row.user_id);
    const tokens = newTokens(now);
    const token = await insertAppToken(tx, {
      user_id: row.user_id,
      name: client.name,
      scope: row.scope,
      oauth_client_id: client.id,
      created_ts: now,
      ...tokens.hashes,
    });
    await setCodeToken(tx, codeHash, token.id);
    return { tokens: answer(tokens, row.scope) };
  });
  if ("tokens" in outcome) return outcome.tokens;
  if (outcome.revoke !== undefined) await revokeAccessToken(db, outcome.revoke);
  throw outcome.failure;
}

async function byRefreshToken(ctx: AppContext, input: TokenRequest, origin: string): Promise<TokenResponse> {
  const refresh = required(input, "refresh_token");
  const { db } = ctx.store;
  const client = await clientOf(db, required(input, "client_id"));
  const found = await findByRefreshHash(db, hashToken(refresh));
  if (!found || found.row.oauth_client_id !== client.id) throw invalidGrant("Unknown refresh token");
  const { row } = found;
  if (row.revoked_ts !== null) throw invalidGrant("The access was revoked: sign in again");
  if (!found.current) {
    await revokeAccessToken(db, row.id);
    throw invalidGrant("The refresh token was used already: the access is revoked, sign in again");
  }
  if (input.resource !== undefined && input.resource.replace(/\/$/, "") !== mcpResourceUrl(origin))
    throw new OAuthError(400, "invalid_target", `resource must be ${mcpResourceUrl(origin)}`);
  const granted = row.granted_scope ?? row.scope;
  const access = refreshedAccess(granted, input.scope);
  if (access === null) throw new OAuthError(400, "invalid_scope", `scope may not exceed what was granted: ${scopeOfAccess(granted)}`);
  await assertUserActive(db, row.user_id);
  const tokens = newTokens(nowSeconds());
  if (!(await rotateAppToken(db, row.id, row.refresh_token_hash!, tokens.hashes, access))) {
    // Another request rotated it in the meantime: the same refresh token was used twice.
    await revokeAccessToken(db, row.id);
    throw invalidGrant("The refresh token was used already: the access is revoked, sign in again");
  }
  return answer(tokens, access);
}

/** RFC 7009: an access or refresh token of an app; the row, and so both tokens, is revoked. Unknown tokens are fine. */
export async function revokeToken(ctx: AppContext, input: RevokeRequest): Promise<void> {
  const token = input.token;
  if (!token) throw invalidRequest("token is required");
  const { db } = ctx.store;
  const hash = hashToken(token);
  const row = (await findAppTokenByAccessHash(db, hash)) ?? (await findByRefreshHash(db, hash))?.row;
  if (!row) return;
  if (input.client_id !== undefined) {
    const client = await findOAuthClient(db, input.client_id);
    if (client?.id !== row.oauth_client_id) throw new OAuthError(401, "invalid_client", "The token was issued to another client");
  }
  await revokeAccessToken(db, row.id);
}
