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
