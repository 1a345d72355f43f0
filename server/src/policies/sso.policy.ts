// Single sign-on: who manages identity providers (the host and admins, changes from a session only, as for every
// credential), who may still sign in with a password, what a provider's answer leads to (a sign-in, a new account, a
// link, or a refusal), and whether a sign-in must still pass the account's own second factor. Passwords, passkeys and
// providers are all ways into an account; an account keeps one.
import { canUnlinkIdentity, type Role, type RowStatus, type SsoFailure, type SsoSecondFactorStep } from "@memos/common";
import type { Viewer } from "../context.js";
import { badRequest, conflict, forbidden } from "../errors.js";
import { authorizeSessionChange } from "./credential.policy.js";
import { authorizeSystem } from "./system.policy.js";
import { isAdmin } from "./utils.js";

export function authorizeIdentityProviders(viewer: Viewer, action: "read" | "write"): void {
  if (action === "write") authorizeSessionChange(viewer, "change identity providers");
  authorizeSystem(viewer, action === "read" ? "read-settings" : "write-settings");
}

/**
 * Which providers v1's list shows (it is public: the sign-in page's buttons): an administrator every one, anyone else
 * the enabled ones. What it shows of them is what a sign-in shows anyway (the issuer, the client ID), never a secret.
 */
export function showsIdentityProvider(viewer: Viewer, provider: { enabled: boolean }): boolean {
  return provider.enabled || isAdmin(viewer);
}

/**
 * An http:// provider URL (an OIDC issuer, an OAuth 2 provider's authorization, token or user-info URL) sends the
 * client secret, the code or the tokens in the clear: only where private targets are allowed. `urls` by field name.
 */
export function assertProviderUrlsAllowed(urls: Record<string, string | undefined>, allowPrivate: boolean): void {
  if (allowPrivate) return;
  for (const [field, url] of Object.entries(urls)) {
    if (url === undefined || url === "" || /^https:\/\//i.test(url)) continue;
    throw badRequest(`Malformatted identity provider request: ${field}: must be an https URL (http only with --oidc-allow-private)`, {
      reason: "identity-provider.insecure-issuer",
      field,
    });
  }
}

/** With password sign-in off, the host still signs in with a password, so nobody is locked out of the instance. */
export function assertPasswordSignIn(role: Role, passwordSignInDisabled: boolean): void {
  if (passwordSignInDisabled && role !== "HOST") {
    throw forbidden("Password sign-in is turned off on this instance: sign in through an identity provider", {
      reason: "auth.password-sign-in-off",
    });
  }
}

/** A linked identity leaves only when another way in remains: a password, a passkey, or another identity. */
export function assertMayUnlink(methods: { hasPassword: boolean; passkeys: number; identities: number }): void {
  if (!canUnlinkIdentity(methods)) {
    throw conflict("This is the account's last way to sign in", { reason: "identity.last-sign-in-method" });
  }
}

/** A passkey leaves only when another way in remains: a password, another passkey, or a linked identity. */
export function assertMayRemovePasskey(methods: { hasPassword: boolean; passkeys: number; identities: number }): void {
  if (!methods.hasPassword && methods.passkeys <= 1 && methods.identities === 0) {
    throw conflict("This is the account's last way to sign in", { reason: "passkey.last-sign-in-method" });
  }
}

interface Linked {
  userId: number;
  rowStatus: RowStatus;
}

/** What a provider's verified answer leads to. */
export type SsoOutcome =
  | { kind: "sign-in"; userId: number }
  | { kind: "create" }
  | { kind: "link"; userId: number }
  | { kind: "already-linked"; userId: number }
  | { kind: "refused"; failure: SsoFailure };

/**
 * `linked`: the account the provider's `sub` is linked to, if any; `linkUserId`: the account the flow links to
 * (started with `link=1`), if any.
 */
export function ssoOutcome(input: {
  linked: Linked | undefined;
  linkUserId: number | null;
  createUsers: boolean;
  allowSignUp: boolean;
}): SsoOutcome {
  const { linked, linkUserId } = input;
  if (linkUserId !== null) {
    if (linked === undefined) return { kind: "link", userId: linkUserId };
    return linked.userId === linkUserId ? { kind: "already-linked", userId: linkUserId } : { kind: "refused", failure: "already-linked" };
  }
  if (linked !== undefined) {
    return linked.rowStatus === "ARCHIVED" ? { kind: "refused", failure: "account-archived" } : { kind: "sign-in", userId: linked.userId };
  }
  return input.createUsers && input.allowSignUp ? { kind: "create" } : { kind: "refused", failure: "signup-closed" };
}

/**
 * Whether a provider's sign-in must still pass the account's own second factor, and which step asks for it: with the
 * host's `ssoSecondFactor` on, an account with the app's codes is asked for a code (a recovery code or a passkey may
 * stand in), one whose only second factor is a passkey for the passkey. Null: the sign-in gets its session at once.
 */
export function secondFactorAfterSso(settingOn: boolean, account: { totp: boolean; passkeys: number }): SsoSecondFactorStep | null {
  if (!settingOn) return null;
  if (account.totp) return "code";
  return account.passkeys > 0 ? "passkey" : null;
}
