// Who may manage users. HOST and ADMIN administer; ADMIN cannot change or delete the host; the host cannot
// delete or archive itself.
import { type AccountAction, accountActionRefusal, type Role } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isAdmin, isSelf } from "./utils.js";

export type UserAction = "create" | AccountAction;

interface UserFacts {
  id: number;
  role: Role;
}

export function authorizeUserCreate(viewer: Viewer, role: Role): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Only Host user can create member");
  if (role === "HOST") throw forbidden("Could not create host user");
}

/** The shared account rule (common's access module), with the wire's messages. */
export function authorizeUser(viewer: Viewer, action: AccountAction, target: UserFacts): void {
  if (viewer === null) throw unauthenticated();
  const verb = action === "update" ? "change" : action;
  switch (accountActionRefusal(viewer, action, target)) {
    case null:
      return;
    case "host-self":
      throw forbidden(`The host cannot ${verb} itself`);
    case "not-admin":
      throw forbidden();
    case "host-only":
      throw forbidden(`Only the host can ${verb} the host account`);
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

/** Everything: the caller's own account, in the answers about it (sign-in, sign-up, `/api/user/me`, own PATCH). */
export const OWN_ACCOUNT_DISCLOSURE: UserDisclosure = { email: true, openId: true };

/**
 * What an answer about one account (`/api/user/me`, a PATCH, a member just created) carries. The open ID is an
 * access token: it reaches the user themself only, never an administrator (who could otherwise act as them
 * and read their private memos). The email reaches the user and the administrators who may manage them.
 */
export function accountDisclosure(viewer: Viewer, target: UserFacts): UserDisclosure {
  if (isSelf(viewer, target.id)) return OWN_ACCOUNT_DISCLOSURE;
  return { email: viewer !== null && accountActionRefusal(viewer, "update", target) === null, openId: false };
}
