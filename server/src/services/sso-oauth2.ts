// Plain OAuth 2 sign-in, memos' kind of identity provider (GitHub and the like): no discovery and no ID token. The
// browser goes to the provider's authorization URL (code, PKCE, state), the code is exchanged at its token URL (the
// client's ID and secret in the form, as most such providers take them), and the account is read from its user-info
// URL with the access token as bearer: its identifier (the field the host names, a dotted path) is the account's key,
// its other mapped fields a new account's name and email. Every request goes through the outgoing-address guard.
import type { IdentityProviderRow } from "../store/schema-sign-in.js";
import { guardedFetch } from "../outbound/guarded-fetch.js";
import { SsoError } from "./sso-error.js";

/** What a provider's sign-in tells of its account: the key it is linked by, and what a new account is made from. */
export interface SsoAccount {
  subject: string;
  /** Candidates for a new account's username, best first. */
  usernames: unknown[];
  name: unknown;
  email: unknown;
}

/** The provider's authorization URL with our client, callback, scopes, state and PKCE challenge added. */
export function oauth2AuthorizationUrl(
  provider: IdentityProviderRow,
  request: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(provider.auth_url);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.client_id);
  url.searchParams.set("redirect_uri", request.redirectUri);
  if (provider.scopes !== "") url.searchParams.set("scope", provider.scopes);
  url.searchParams.set("state", request.state);
  url.searchParams.set("code_challenge", request.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

/**
 * The value at a dotted path of the user info (`login`, `data.user.id`), as text: a string, or a number (GitHub's
 * numeric `id`); anything else is none.
 */
function userInfoField(info: unknown, path: string): string | undefined {
  if (path === "") return undefined;
  let value: unknown = info;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** An answer's JSON object, or a form-encoded one (what GitHub's token URL sends a client that does not ask for JSON). */
async function answerOf(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new SsoError("provider-error", `the ${what} answered ${response.status}`);
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SsoError("provider-error", `the ${what} answered no JSON`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new SsoError("provider-error", `the ${what} answered no JSON object`);
  return parsed as Record<string, unknown>;
}

/** The code exchanged for an access token, the user info read with it, and the account it names. */
export async function oauth2Account(
  provider: IdentityProviderRow,
  exchange: { code: string; redirectUri: string; codeVerifier: string | undefined },
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<SsoAccount> {
  const send = guardedFetch(options);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    client_id: provider.client_id,
  });
  if (provider.client_secret !== "") form.set("client_secret", provider.client_secret);
  if (exchange.codeVerifier) form.set("code_verifier", exchange.codeVerifier);
  const tokens = await answerOf(
    await send(provider.token_url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form,
    }),
    "token URL",
  );
  // A provider may answer 200 with an error (GitHub does): its code only, never its description, goes to the log.
  if (typeof tokens.error === "string") throw new SsoError("provider-error", `the token URL answered ${tokens.error.slice(0, 64)}`);
  if (typeof tokens.access_token !== "string" || tokens.access_token === "")
    throw new SsoError("provider-error", "the token URL answered no access token");
  const info = await answerOf(
    await send(provider.user_info_url, {
      method: "GET",
      headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json" },
    }),
    "user-info URL",
  );
  const subject = userInfoField(info, provider.username_claim);
  if (subject === undefined) throw new SsoError("provider-error", `no ${provider.username_claim} in the user info`);
  return {
    subject,
    usernames: [subject],
    name: userInfoField(info, provider.display_name_field),
    email: userInfoField(info, provider.email_field),
  };
}
