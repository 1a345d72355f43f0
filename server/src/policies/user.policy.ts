// Who may manage users. HOST and ADMIN administer; ADMIN cannot change or delete the host; the host cannot
// delete or archive itself. An account's credentials and identity change from a signed-in session only
// (credential.policy.ts): members created or deleted, archiving, and the password, username and open ID.
import { type AccountAction, accountActionRefusal, type Role } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { FORBIDDEN_MESSAGE, forbidden, unauthenticated } from "../errors.js";
import { authorizeSessionChange, isSessionCaller } from "./credential.policy.js";
import { isAdmin, isSelf } from "./utils.js";

export type UserAction = "create" | AccountAction;

interface UserFacts {
  id: number;
  role: Role;
}

export function authorizeUserCreate(viewer: Viewer, role: Role): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Only Host user can create member", { reason: "auth.admin-only" });
  if (role === "HOST") throw forbidden("Could not create host user", { reason: "user.cannot-create-host" });
  authorizeSessionChange(viewer, "create members");
}

/**
 * Whether a v1 CreateUser is an administrator adding a member (authorizeUserCreate then holds it to a session);
 * anyone else's, a visitor's or a member's, is a sign-up under the sign-up rules (auth.policy.ts).
 */
export const createsMember = (viewer: Viewer): viewer is Actor => viewer !== null && isAdmin(viewer);

/** The whole list of accounts with what administrators see of them (v1's ListUsers): administrators only. */
export function authorizeUserDirectory(viewer: Viewer): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden(FORBIDDEN_MESSAGE, { reason: "auth.admin-only" });
}

/** The shared account rule (common's access module), with the wire's messages. */
export function authorizeUser(viewer: Viewer, action: AccountAction, target: UserFacts): void {
  if (viewer === null) throw unauthenticated();
  const verb = action === "update" ? "change" : action;
  switch (accountActionRefusal(viewer, action, target)) {
    case null:
      if (action !== "update") authorizeSessionChange(viewer, `${action} accounts`);
      return;
    case "host-self":
      throw forbidden(`The host cannot ${verb} itself`, { reason: "user.host-self" });
    case "not-admin":
      throw forbidden(FORBIDDEN_MESSAGE, { reason: "auth.admin-only" });
    case "host-only":
      throw forbidden(`Only the host can ${verb} the host account`, { reason: "auth.host-only" });
  }
}

/** What a PATCH of an account changes among its credentials and identity (each a session-only change). */
export interface IdentityChange {
  username: boolean;
  password: boolean;
  openId: boolean;
}

const IDENTITY_WORDS: Record<keyof IdentityChange, string> = {
  password: "change the password",
  username: "change the username",
  openId: "reset the open ID",
};

export function authorizeIdentityChange(viewer: Viewer, change: IdentityChange): void {
  for (const key of Object.keys(IDENTITY_WORDS) as (keyof IdentityChange)[]) {
    if (change[key]) authorizeSessionChange(viewer, IDENTITY_WORDS[key]);
  }
}

export interface UserDisclosure {
  email: boolean;
  openId: boolean;
}

/**
 * Nothing private: every answer that lists users or shows one beside content (`GET /api/user`,
 * `GET /api/user/:id`, memo creators, the status's host, feeds), whoever asks.
 */
export const PUBLIC_DISCLOSURE: UserDisclosure = { email: false, openId: false };

/** Everything: the caller's own account, in the answers about it to their session (sign-in, sign-up, `/api/user/me`). */
export const OWN_ACCOUNT_DISCLOSURE: UserDisclosure = { email: true, openId: true };

/**
 * What an answer about one account (`/api/user/me`, `/api/auth/session`, a PATCH, a member just created) carries.
 * The open ID is a read-write credential: it reaches the user themself only, in their signed-in session — never
 * an administrator (who could otherwise act as them and read their private memos), and never a request made with
 * an access token or the open ID (a read-only token would otherwise read a credential that writes). The email
 * reaches the user and the administrators who may manage them.
 */
export function accountDisclosure(viewer: Viewer, target: UserFacts): UserDisclosure {
  if (isSelf(viewer, target.id)) return isSessionCaller(viewer) ? OWN_ACCOUNT_DISCLOSURE : { email: true, openId: false };
  return { email: viewer !== null && accountActionRefusal(viewer, "update", target) === null, openId: false };
}
