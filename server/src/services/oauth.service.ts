// OAuth for MCP clients, the parts before a user is involved: the metadata documents and dynamic client
// registration (RFC 7591: public clients only, bounded, limited per address).
import {
  type ClientRegistration,
  type ClientRegistrationRequest,
  OAUTH_LIMITS,
  OAUTH_PATHS,
  OAUTH_SCOPES,
  redirectDisplay,
  redirectUriProblem,
  mcpResourceUrl,
} from "@memos/common";
import { newClientId, REGISTRATIONS_PER_HOUR, UNUSED_CLIENT_SECONDS } from "../auth/oauth-tokens.js";
import { addressKey } from "../auth/rate-limit.js";
import type { AppContext } from "../context.js";
import { forbidden, OAuthError } from "../errors.js";
import { countRegistrationsSince, deleteUnusedClients, insertOAuthClient } from "../store/sql/oauth.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { nowSeconds } from "../store/time.js";

const GRANT_TYPES = ["authorization_code", "refresh_token"];

/** OAuth's endpoints refuse everything while the host has MCP off. */
export async function assertMcpOn(ctx: AppContext): Promise<void> {
  if (await readSystemSetting(ctx.store.db, "disableMcp"))
    throw new OAuthError(403, "access_denied", "The host turned MCP off on this instance");
}

/** The consent page's calls say the same in the envelope, for the page to show. */
export async function assertMcpOnForPage(ctx: AppContext): Promise<void> {
  if (await readSystemSetting(ctx.store.db, "disableMcp"))
    throw forbidden("The host turned MCP off on this instance", { reason: "oauth.mcp-disabled" });
}

export async function resourceMetadata(ctx: AppContext, origin: string) {
  const profile = await readSystemSetting(ctx.store.db, "customizedProfile");
  return {
    resource: mcpResourceUrl(origin),
    authorization_servers: [origin],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: (profile.name ?? "").trim() || "memos",
    resource_documentation: `${origin}/api/docs`,
  };
}

export function serverMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${origin}${OAUTH_PATHS.token}`,
    registration_endpoint: `${origin}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${origin}${OAUTH_PATHS.revoke}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: GRANT_TYPES,
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...OAUTH_SCOPES],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${origin}/api/docs`,
  };
}

const metadataError = (description: string) => new OAuthError(400, "invalid_client_metadata", description);
const redirectError = (description: string) => new OAuthError(400, "invalid_redirect_uri", description);

/** The name as shown: control characters and runs of spaces gone, cut to its cap; the redirect's host when none. */
function clientName(declared: string | undefined, firstRedirect: string): string {
  const cleaned = (declared ?? "")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return [...(cleaned || redirectDisplay(firstRedirect))].slice(0, OAUTH_LIMITS.clientName).join("");
}

/** The client's metadata as given: its redirect URIs and name, or OAuth's error naming what is wrong. */
function checkMetadata(input: ClientRegistrationRequest): { redirectUris: string[]; name: string } {
  const redirectUris = [...new Set(input.redirect_uris ?? [])];
  if (redirectUris.length === 0) throw redirectError("redirect_uris: at least one redirect URI is required");
  if (redirectUris.length > OAUTH_LIMITS.redirectUris)
    throw redirectError(`redirect_uris: at most ${OAUTH_LIMITS.redirectUris} redirect URIs`);
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw redirectError(`redirect_uris: ${problem}`);
  }
  const method = input.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    throw metadataError("token_endpoint_auth_method: only none is supported (a public client with PKCE)");
  const grants = input.grant_types;
  if (grants !== undefined && (!grants.includes("authorization_code") || grants.some((grant) => !GRANT_TYPES.includes(grant))))
    throw metadataError("grant_types: authorization_code is required, and refresh_token is the only other one supported");
  if (input.response_types?.some((type) => type !== "code")) throw metadataError("response_types: only code is supported");
  return { redirectUris, name: clientName(input.client_name, redirectUris[0]!) };
}

export async function registerClient(ctx: AppContext, input: ClientRegistrationRequest, address: string): Promise<ClientRegistration> {
  await assertMcpOn(ctx);
  const { redirectUris, name } = checkMetadata(input);
  const { db } = ctx.store;
  const now = nowSeconds();
  const key = addressKey("oauth-register", address);
  if ((await countRegistrationsSince(db, key, now - 3600)) >= REGISTRATIONS_PER_HOUR)
    throw new OAuthError(429, "temporarily_unavailable", "Too many client registrations from this address; try again later", {
      "retry-after": "3600",
    });
  await deleteUnusedClients(db, now - UNUSED_CLIENT_SECONDS);
  const row = await insertOAuthClient(db, {
    client_id: newClientId(),
    name,
    redirect_uris: JSON.stringify(redirectUris),
    address_key: key,
    created_ts: now,
  });
  return {
    client_id: row.client_id,
    client_id_issued_at: now,
    client_name: row.name,
    redirect_uris: redirectUris,
    grant_types: GRANT_TYPES,
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: OAUTH_SCOPES.join(" "),
  };
}
