// Two-factor sign-in: what a session that must set it up may do, who resets a member's, and when it may be off.
//   - When the host requires 2FA, a member without it who signs in gets a session marked pending: until they turn
//     it on, that session may only learn who it is, read the instance's status, set up 2FA and sign out; every
//     other route answers 403 `auth.two-factor-setup-required` (the web shows the setup step). Tokens and the open
//     ID are made from a session that passed sign-in, and keep working as they are.
//   - An administrator resets a member's 2FA from a session (as they change a member's password), never their own
//     (they turn it off with their password and a code), and only the host resets the host's.
//   - While the host requires it, nobody turns their own off, nor removes their last passkey when they have no
//     authenticator app. A passkey is a second factor: an account with one has two-factor sign-in (the password
//     asks for the passkey or the app's code), so a member with a passkey meets the host's requirement.
import { accountActionRefusal, type RouteName } from "@memos/common";
import type { Viewer } from "../context.js";
import { FORBIDDEN_MESSAGE, forbidden } from "../errors.js";
import { authorizeSessionChange } from "./credential.policy.js";
import { isSelf } from "./utils.js";

/** What a pending session may call: enough for the web to start, show the setup step, and sign out. */
const SETUP_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  "auth.session",
  "auth.signOut",
  "user.me",
  "system.status",
  "totp.status",
  "totp.setup",
  "totp.enable",
  "passkey.list",
  "passkey.registrationOptions",
  "passkey.register",
]);

/** 403 for a session that must set up 2FA first, on any route but SETUP_ROUTES. */
export function authorizePendingSession(viewer: Viewer, route: RouteName | undefined): void {
  if (viewer?.twoFactorPending && (route === undefined || !SETUP_ROUTES.has(route)))
    throw forbidden("Set up two-factor sign-in first: the host requires it", { reason: "auth.two-factor-setup-required" });
}

export function authorizeTwoFactorReset(viewer: Viewer, target: { id: number; role: "HOST" | "ADMIN" | "USER" }): void {
  authorizeSessionChange(viewer, "reset two-factor sign-in");
  if (isSelf(viewer, target.id)) throw forbidden(FORBIDDEN_MESSAGE, { reason: "auth.forbidden" });
  const refusal = accountActionRefusal(viewer, "update", target);
  if (refusal === "not-admin") throw forbidden(FORBIDDEN_MESSAGE, { reason: "auth.admin-only" });
  if (refusal === "host-only") throw forbidden("Only the host can change the host account", { reason: "auth.host-only" });
}

export function authorizeTwoFactorOff(required: boolean): void {
  if (required) throw forbidden("The host requires two-factor sign-in", { reason: "auth.two-factor-required" });
}

/** Removing a passkey or the app's codes: 403 while the host requires 2FA and `left` second factors would remain 0. */
export function authorizeSecondFactorRemoval(required: boolean, left: number): void {
  if (left <= 0) authorizeTwoFactorOff(required);
}
