// Single sign-on with OpenID Connect: the names and rules both sides share.
import { SECOND_FACTOR_STEPS, type SecondFactorStep } from "./two-factor.js";
import { USERNAME_RULE } from "./validation.js";

/** The roles a provider may give the users it creates: never the host. */
export const SSO_USER_ROLES = ["USER", "ADMIN"] as const;
export type SsoUserRole = (typeof SSO_USER_ROLES)[number];

/**
 * The kinds of provider: OpenID Connect (endpoints discovered from the issuer, an ID token) or plain OAuth 2 as memos
 * has them (an authorization, a token and a user-info URL, the account read from the user info by a field mapping).
 */
export const SSO_PROVIDER_TYPES = ["OIDC", "OAUTH2"] as const;
export type SsoProviderType = (typeof SSO_PROVIDER_TYPES)[number];

/** A plain OAuth 2 provider's URLs and identifier field, each required (its field's name). */
export const OAUTH2_REQUIRED_FIELDS = ["authUrl", "tokenUrl", "userInfoUrl", "usernameClaim"] as const;

/** The claim a new user's name is read from, unless the host names another. */
export const DEFAULT_USERNAME_CLAIM = "preferred_username";
export const DEFAULT_SSO_SCOPES = "openid profile email";

/** What the sign-in page asks after a provider's sign-in: the account's app code (or a recovery code), or a passkey. */
export const SSO_SECOND_FACTOR_STEPS = SECOND_FACTOR_STEPS;
export type SsoSecondFactorStep = SecondFactorStep;

/** The sign-in page with its second-factor step after a provider's sign-in (`next`: where to go then). */
export const ssoSecondFactorPagePath = (step: SsoSecondFactorStep, next?: string) =>
  `/auth?second-factor=${step}${next ? `&next=${encodeURIComponent(next)}` : ""}`;

/** The browser flow's paths (outside /api: the provider sends the browser back to the callback). */
export const SSO_CALLBACK_PATH = "/auth/oidc/callback";
export const ssoStartPath = (providerId: number, link = false, next?: string) =>
  `/auth/oidc/${providerId}/start${link ? "?link=1" : next ? `?next=${encodeURIComponent(next)}` : ""}`;

/**
 * Why a sign-in through a provider failed: the callback sends the browser to `/auth?error=<failure>` (or, when
 * linking, to the settings with `?ssoError=`), and the web shows `sso.error.<failure>`.
 */
export const SSO_FAILURES = [
  "state-invalid",
  "provider-disabled",
  "provider-error",
  "provider-unreachable",
  "signup-closed",
  "account-archived",
  "already-linked",
  "link-session",
  "rate-limited",
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
export const isSsoFailure = (value: unknown): value is SsoFailure => (SSO_FAILURES as readonly unknown[]).includes(value);

/**
 * Whether an account may lose a sign-in method: it must keep at least one other way in. There are no passkeys yet;
 * they join the count here.
 */
export const canUnlinkIdentity = (methods: { hasPassword: boolean; passkeys: number; identities: number }): boolean =>
  methods.hasPassword || methods.passkeys > 0 || methods.identities > 1;

/**
 * A username from a claim's value, made to fit the username rule (USERNAME_RULE: letters a–z, digits and inner
 * hyphens, at most 36): an email's local part, accents taken off, `.`, `_` and spaces made hyphens, anything else
 * dropped. Empty when nothing is left (the caller then tries its next claim).
 * @example usernameFromClaim("Ada Lovelace") // "Ada-Lovelace"
 * @example usernameFromClaim("grace.hopper@example.com") // "grace-hopper"
 */
export function usernameFromClaim(value: string): string {
  const local = value.includes("@") ? value.slice(0, value.indexOf("@")) : value;
  const ascii = local
    .normalize("NFKD")
    .replace(/[\s._]+/g, "-")
    .replace(/[^A-Za-z0-9-]/g, "")
    .replace(/-{2,}/g, "-");
  return trimHyphens(trimHyphens(ascii).slice(0, USERNAME_RULE.maxLength));
}

const trimHyphens = (name: string): string => name.replace(/^-+|-+$/g, "");

/** The name with a numeric suffix, kept within the rule's length (`alice` → `alice2`). */
export function usernameWithSuffix(base: string, suffix: number): string {
  const tail = String(suffix);
  return trimHyphens(base.slice(0, USERNAME_RULE.maxLength - tail.length)) + tail;
}
