// The authorization endpoint's server side: the consent page checks the request (which client, what it asks), then
// the signed-in user approves or denies, and the browser is sent to the client's redirect URI with a code (or
// `error=access_denied`). A client that is not registered, or a redirect URI it did not register, is told to the
// page and never redirected to: nothing proves the redirect belongs to the client.
import {
  type AccessTokenScope,
  type AuthorizationCheck,
  type AuthorizationDecision,
  type AuthorizationRequest,
  accessOfScope,
  type OAuthErrorCode,
  matchesRegisteredRedirect,
  redirectDisplay,
  mcpResourceUrl,
} from "@memos/common";
import { CODE_SECONDS, isS256Challenge, newAuthorizationCode } from "../auth/oauth-tokens.js";
import { hashToken } from "../auth/session.js";
import type { AppContext, Viewer } from "../context.js";
import { badRequest } from "../errors.js";
import { authorizeConsent, grantedAccess } from "../policies/oauth.policy.js";
import { deleteExpiredCodes, findOAuthClient, insertOAuthCode } from "../store/sql/oauth.store.js";
import type { OAuthClientRow } from "../store/schema-oauth.js";
import { nowSeconds } from "../store/time.js";
import { assertMcpOnForPage } from "./oauth.service.js";

interface Target {
  client: OAuthClientRow;
  redirectUri: string;
}

/** The client and the redirect URI, both proven: 400 for the page otherwise. */
async function targetOf(ctx: AppContext, request: AuthorizationRequest): Promise<Target> {
  const client = request.client_id ? await findOAuthClient(ctx.store.db, request.client_id) : undefined;
  if (!client) {
    throw badRequest(`Unknown client: ${(request.client_id ?? "").slice(0, 64)}`, { reason: "oauth.unknown-client", field: "client_id" });
  }
  const registered = JSON.parse(client.redirect_uris) as string[];
  const asked = request.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined);
  if (asked === undefined || !matchesRegisteredRedirect(asked, registered)) {
    throw badRequest("The redirect URI is not one the client registered", {
      reason: "oauth.redirect-not-registered",
      field: "redirect_uri",
    });
  }
  return { client, redirectUri: asked };
}

interface Valid {
  access: AccessTokenScope;
  resource: string;
  challenge: string;
}

/** The rest of the request (the redirect URI being good, its faults go back to the client). */
function validate(request: AuthorizationRequest, origin: string): Valid | { error: OAuthErrorCode; description: string } {
  if (request.response_type !== "code") return { error: "unsupported_response_type", description: "response_type must be code" };
  if (!request.code_challenge) return { error: "invalid_request", description: "code_challenge is required (PKCE)" };
  if (request.code_challenge_method !== "S256") return { error: "invalid_request", description: "code_challenge_method must be S256" };
  if (!isS256Challenge(request.code_challenge)) return { error: "invalid_request", description: "code_challenge is not an S256 challenge" };
  const access = accessOfScope(request.scope);
  const resource = mcpResourceUrl(origin);
  if (request.resource !== undefined && request.resource.replace(/\/$/, "") !== resource)
    return { error: "invalid_target", description: `resource must be ${resource}` };
  return { access, resource, challenge: request.code_challenge };
}

/** The redirect URI with our parameters added to its own query (RFC 9207's `iss` included). */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

const errorRedirect = (target: Target, request: AuthorizationRequest, origin: string, error: OAuthErrorCode, description: string) =>
  redirectWith(target.redirectUri, { error, error_description: description, state: request.state, iss: origin });

export async function checkAuthorization(ctx: AppContext, request: AuthorizationRequest, origin: string): Promise<AuthorizationCheck> {
  await assertMcpOnForPage(ctx);
  const target = await targetOf(ctx, request);
  const valid = validate(request, origin);
  if ("error" in valid) {
    const redirectTo = errorRedirect(target, request, origin, valid.error, valid.description);
    return { outcome: "error", error: valid.error, redirectTo, redirectHost: redirectDisplay(target.redirectUri) };
  }
  const { client } = target;
  return {
    outcome: "consent",
    client: {
      clientId: client.client_id,
      name: client.name,
      redirectHost: redirectDisplay(target.redirectUri),
      createdTs: Number(client.created_ts),
    },
    access: valid.access,
  };
}

/** The user's answer: where the browser goes, with a code (approved) or `access_denied`. */
export async function decideAuthorization(
  ctx: AppContext,
  viewer: Viewer,
  decision: AuthorizationDecision,
  origin: string,
): Promise<{ redirectTo: string }> {
  authorizeConsent(viewer);
  await assertMcpOnForPage(ctx);
  const { request } = decision;
  const target = await targetOf(ctx, request);
  const valid = validate(request, origin);
  if ("error" in valid) return { redirectTo: errorRedirect(target, request, origin, valid.error, valid.description) };
  if (!decision.approve) return { redirectTo: errorRedirect(target, request, origin, "access_denied", "The user denied the request") };
  const code = newAuthorizationCode();
  const now = nowSeconds();
  const { db } = ctx.store;
  await deleteExpiredCodes(db, now);
  await insertOAuthCode(db, {
    code_hash: hashToken(code),
    client_id: target.client.id,
    user_id: viewer.id,
    redirect_uri: target.redirectUri,
    code_challenge: valid.challenge,
    scope: grantedAccess(valid.access, decision.access),
    resource: valid.resource,
    expires_ts: now + CODE_SECONDS,
  });
  return { redirectTo: redirectWith(target.redirectUri, { code, state: request.state, iss: origin }) };
}
