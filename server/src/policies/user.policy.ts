// Who may manage users. HOST and ADMIN administer; ADMIN cannot change or delete the host; the host cannot
// delete or archive itself.
import type { Role } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isAdmin, isSelf } from "./utils.js";

export type UserAction = "create" | "update" | "archive" | "delete";

interface UserFacts {
  id: number;
  role: Role;
}

export function authorizeUserCreate(viewer: Viewer, role: Role): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Only Host user can create member");
  if (role === "HOST") throw forbidden("Could not create host user");
}

export function authorizeUser(viewer: Viewer, action: Exclude<UserAction, "create">, target: UserFacts): void {
  if (viewer === null) throw unauthenticated();
  const self = isSelf(viewer, target.id);
  if (action === "update") {
    if (self) return;
    if (!isAdmin(viewer)) throw forbidden();
    if (target.role === "HOST" && viewer.role !== "HOST") throw forbidden("Only the host can change the host account");
    return;
  }
  if (self && viewer.role === "HOST") throw forbidden(`The host cannot ${action} itself`);
  if (action === "archive" && self) return;
  if (!isAdmin(viewer)) throw forbidden();
  if (target.role === "HOST") throw forbidden(`Only the host can ${action} the host account`);
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
  const manages = viewer !== null && isAdmin(viewer) && (target.role !== "HOST" || viewer.role === "HOST");
  return { email: manages, openId: false };
}
