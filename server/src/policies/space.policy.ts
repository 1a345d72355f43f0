// Who may do what in a space (issue 47), from the caller's own membership: the rules are common's (domain/spaces.ts),
// the refusals here. A space the caller is not a member of answers as one that does not exist: a non-member learns
// nothing of it, not even that the id is taken.
import { canLeaveSpace, canManageSpace, canPostToSpace, type SpaceRole } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { conflict, forbidden, notFound } from "../errors.js";

export type SpaceAction = "read" | "post" | "manage" | "leave";

export const spaceNotFound = (id: number) => notFound(`Space not found: ${id}`, { reason: "space.not-found" });

/**
 * The viewer's role in the space, as the viewer's memberships were read for this request (services/space-access.ts);
 * null for a visitor, a non-member, or memberships not read: whatever forgot to read them refuses, never shows.
 */
export function spaceRoleOf(viewer: Viewer, spaceId: number): SpaceRole | null {
  return viewer?.spaceRoles?.get(spaceId) ?? null;
}

/** Throws unless `role` (the caller's in space `spaceId`, null: none) may do `action`. */
export function authorizeSpace(role: SpaceRole | null, action: SpaceAction, spaceId: number): asserts role is SpaceRole {
  if (role === null) throw spaceNotFound(spaceId);
  if (action === "read") return;
  if (action === "post" && !canPostToSpace(role))
    throw forbidden("Only the space's owner and editors post to it", { reason: "auth.forbidden" });
  if (action === "manage" && !canManageSpace(role)) throw forbidden("Only the space's owner manages it", { reason: "auth.forbidden" });
  if (action === "leave" && !canLeaveSpace(role))
    throw conflict("The owner cannot leave the space: transfer it or delete it", { reason: "space.owner-stays" });
}

/** The owner's own membership is changed only by a transfer: not removed, not given another role. */
export function authorizeMemberChange(actor: Actor, target: { user_id: number; role: SpaceRole }): void {
  if (target.role === "owner" || target.user_id === actor.id)
    throw conflict("The owner's membership changes only by a transfer", { reason: "space.owner-stays" });
}
