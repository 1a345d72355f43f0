// Personal access tokens: create (shown once), list, revoke, and who a request with one acts for.
import type { AccessToken, AccessTokenCreate, CreatedAccessToken } from "@memos/common";
import { LAST_USED_RESOLUTION_SECONDS, newAccessToken } from "../auth/access-token.js";
import { hashToken } from "../auth/session.js";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, notFound, unauthenticated } from "../errors.js";
import { authorizeTokenManagement, authorizeTokenRevoke } from "../policies/access-token.policy.js";
import { assertActiveAccount } from "../policies/auth.policy.js";
import { presentAccessToken, presentCreatedAccessToken } from "../presenters/access-token.presenter.js";
import {
  findAccessTokenByHash,
  findAccessTokenById,
  insertAccessToken,
  listLiveAccessTokens,
  revokeAccessToken as markRevoked,
  touchAccessToken,
} from "../store/sql/access-token.store.js";
import { nowSeconds } from "../store/time.js";
import { findUserById } from "../store/sql/user.store.js";

/** `input` is valid already (the route's schema, accessTokenCreateSchema). */
export async function createAccessToken(ctx: AppContext, viewer: Viewer, input: AccessTokenCreate): Promise<CreatedAccessToken> {
  authorizeTokenManagement(viewer);
  const now = nowSeconds();
  if (input.expiresTs !== undefined && input.expiresTs <= now) {
    throw badRequest("Malformatted post access token request: expiresTs: must be in the future", { field: "expiresTs" });
  }
  const { token, tokenHash } = newAccessToken();
  const row = await insertAccessToken(ctx.store.db, {
    user_id: viewer.id,
    name: input.name,
    token_hash: tokenHash,
    scope: input.scope,
    created_ts: now,
    expires_ts: input.expiresTs ?? null,
  });
  return presentCreatedAccessToken(row, token);
}

export async function listAccessTokens(ctx: AppContext, viewer: Viewer): Promise<AccessToken[]> {
  authorizeTokenManagement(viewer);
  return (await listLiveAccessTokens(ctx.store.db, viewer.id)).map(presentAccessToken);
}

export async function revokeAccessToken(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  authorizeTokenManagement(viewer);
  const row = await findAccessTokenById(ctx.store.db, id);
  if (!row || row.revoked_ts !== null) throw notFound(`Access token not found: ${id}`, { reason: "access-token.not-found" });
  authorizeTokenRevoke(viewer, row);
  await markRevoked(ctx.store.db, id);
}

/** The caller of a request with a personal access token; 401 when it is unknown, revoked or expired. */
export async function actorOfAccessToken(ctx: AppContext, token: string, address: string): Promise<Actor> {
  const { db } = ctx.store;
  const row = await findAccessTokenByHash(db, hashToken(token));
  if (!row || row.revoked_ts !== null) throw unauthenticated("Invalid access token", { reason: "auth.invalid-token" });
  const now = nowSeconds();
  // An app's token (OAuth) lasts an hour from its last refresh; the row itself lasts until revoked.
  const expires = row.access_expires_ts ?? row.expires_ts;
  if (expires !== null && Number(expires) <= now) throw unauthenticated("Access token expired", { reason: "auth.token-expired" });
  const user = await findUserById(db, row.user_id);
  if (!user) throw unauthenticated("Invalid access token", { reason: "auth.invalid-token" });
  assertActiveAccount(user);
  const stale = now - LAST_USED_RESOLUTION_SECONDS;
  if (row.last_used_ts === null || Number(row.last_used_ts) < stale) await touchAccessToken(db, row.id, now, address, stale);
  return {
    id: user.id,
    role: user.role,
    username: user.username,
    via: "token",
    sessionId: null,
    token: { id: row.id, scope: row.scope, oauthClientId: row.oauth_client_id },
  };
}
