// Single sign-on with OpenID Connect: the names and rules both sides share.
import { SECOND_FACTOR_STEPS, type SecondFactorStep } from "./two-factor.js";

/** The roles a provider may give the users it creates: never the host. */
export const SSO_USER_ROLES = ["USER", "ADMIN"] as const;
export type SsoUserRole = (typeof SSO_USER_ROLES)[number];

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
 * A username from a claim's value, made to fit the username rules (4–32 bytes, no spaces or invisible characters):
 * an email's local part, other characters than letters, digits, `.`, `_` and `-` dropped, padded when short.
 * @example usernameFromClaim("Ada Lovelace") // "AdaLovelace"
 * @example usernameFromClaim("al@example.com") // "al_user"
 */
export function usernameFromClaim(value: string): string {
  const local = value.includes("@") ? value.slice(0, value.indexOf("@")) : value;
  const cleaned = local.normalize("NFKC").replace(/[^\p{L}\p{N}._-]/gu, "");
  let name = "";
  for (const char of cleaned) {
    if (new TextEncoder().encode(name + char).length > 32) break;
    name += char;
  }
  return name.length === 0 ? "" : new TextEncoder().encode(name).length < 4 ? `${name}_user`.slice(0, 32) : name;
}

/** The name with a numeric suffix, kept within 32 bytes (`alice` → `alice2`). */
export function usernameWithSuffix(base: string, suffix: number): string {
  const tail = String(suffix);
  let head = base;
  while (new TextEncoder().encode(head + tail).length > 32) head = [...head].slice(0, -1).join("");
  return head + tail;
}
