// Signing MCP clients in with OAuth 2.1 (authorization code + PKCE, dynamic client registration): the names and
// rules both the server and the consent page use.
import type { AccessTokenScope } from "./integrations.js";

/** The scopes a client may ask for: reading memos, and writing them. */
export const OAUTH_SCOPES = ["memos:read", "memos:write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Where the protected resource (the MCP endpoint) lives, under the instance's public origin. */
export const MCP_PATH = "/mcp";
/** Where an access token issued to an app is accepted: the route table's entries named `mcp.*`. */
export const MCP_ROUTE_PREFIX = "mcp.";

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
  serverMetadata: "/.well-known/oauth-authorization-server",
  resourceMetadata: "/.well-known/oauth-protected-resource",
} as const;

/** The MCP endpoint as a protected resource (RFC 8707's `resource`, RFC 9728's `resource`), at the instance's public origin. */
export const mcpResourceUrl = (origin: string): string => `${origin}${MCP_PATH}`;

/** The protected resource metadata of the MCP endpoint: what `WWW-Authenticate: Bearer resource_metadata="…"` names. */
export const protectedResourceMetadataUrl = (origin: string): string => `${origin}${OAUTH_PATHS.resourceMetadata}${MCP_PATH}`;

/** The refresh token's prefix: it is never a Bearer credential (only `memos_pat_` is), so it cannot be sent as one. */
export const REFRESH_TOKEN_PREFIX = "memos_rt_";

/** The error codes of RFC 6749 §5.2 and RFC 6749 §4.1.2.1, RFC 7591 §3.2.2 and RFC 8707 that our endpoints answer. */
export const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "unsupported_token_type",
  "invalid_scope",
  "invalid_target",
  "access_denied",
  "server_error",
  "temporarily_unavailable",
  "invalid_redirect_uri",
  "invalid_client_metadata",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export const OAUTH_LIMITS = {
  /** Redirect URIs one client may register. */
  redirectUris: 10,
  redirectUri: 2000,
  /** The client's name as registered (the token's name in Settings is made from it). */
  clientName: 100,
} as const;

/**
 * The scopes asked (space-separated) as the access they grant: write when `memos:write` is asked or nothing of ours
 * is (the user chooses on the consent screen), else read. Scopes not ours (`offline_access`, `openid`, …) are
 * ignored, as RFC 6749 §3.3 allows: clients add them by habit, and refusing them would only break the sign-in.
 */
export function accessOfScope(scope: string | undefined): AccessTokenScope {
  const ours = (scope ?? "").split(" ").filter((value) => (OAUTH_SCOPES as readonly string[]).includes(value));
  return ours.length === 0 || ours.includes("memos:write") ? "read-write" : "read";
}

/** The scope string a token of this access carries. */
export const scopeOfAccess = (access: AccessTokenScope): string => (access === "read-write" ? "memos:read memos:write" : "memos:read");

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Schemes that run code, read files or are not a place to send a browser with a code. */
const REFUSED_SCHEMES = new Set([
  "javascript",
  "data",
  "vbscript",
  "file",
  "blob",
  "about",
  "filesystem",
  "ws",
  "wss",
  "ftp",
  "mailto",
  "tel",
  "sms",
]);

export const isLoopbackRedirect = (url: URL): boolean => url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);

/**
 * Why a redirect URI may not be used, or null: https anywhere, http only on a loopback host (RFC 8252 §7.3), or an
 * app's private-use scheme (`cursor://…`, `com.example.app:/cb`, RFC 8252 §7.1); never a fragment (RFC 6749 §3.1.2).
 * The one rule for both a registration and an authorization request (`matchesRegisteredRedirect` asks it first), so
 * the loopback match on any port cannot let through what registration refuses.
 */
export function redirectUriProblem(value: string): string | null {
  if (value.length > OAUTH_LIMITS.redirectUri) return `a redirect URI is longer than ${OAUTH_LIMITS.redirectUri} characters`;
  if (!URL.canParse(value)) return `not a URL: ${value.slice(0, 64)}`;
  const url = new URL(value);
  if (url.hash !== "" || value.includes("#")) return `a redirect URI may not have a fragment: ${value.slice(0, 64)}`;
  if (url.username !== "" || url.password !== "") return `a redirect URI may not carry credentials: ${url.protocol}//…`;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https") return null;
  if (scheme === "http")
    return isLoopbackRedirect(url) ? null : `http is allowed only on a loopback host (localhost, 127.0.0.1, [::1]): ${value.slice(0, 64)}`;
  if (REFUSED_SCHEMES.has(scheme)) return `the scheme ${scheme}: is not allowed`;
  return null;
}

/**
 * Whether `asked` is one of the client's registered redirect URIs: one that may be used at all (`redirectUriProblem`),
 * and exactly a registered one, or, for a loopback http URI, one with any port (a native app listens on whatever
 * port is free, RFC 8252 §7.3).
 */
export function matchesRegisteredRedirect(asked: string, registered: readonly string[]): boolean {
  if (redirectUriProblem(asked) !== null) return false;
  if (registered.includes(asked)) return true;
  const url = new URL(asked);
  if (!isLoopbackRedirect(url)) return false;
  const portless = (value: URL) => `${value.protocol}//${value.hostname}${value.pathname}${value.search}`;
  return registered.some(
    (candidate) => URL.canParse(candidate) && isLoopbackRedirect(new URL(candidate)) && portless(new URL(candidate)) === portless(url),
  );
}

/** What the consent page shows as where the code goes: the host, or the app's scheme. */
export function redirectDisplay(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.protocol === "https:" || url.protocol === "http:") return url.host;
  return url.host ? `${url.protocol}//${url.host}` : `${url.protocol}${url.pathname}`;
}
