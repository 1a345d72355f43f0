// Small predicates the policy files combine.
import { isAdminRole, isOwnAccount } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { unauthenticated } from "../errors.js";

export const isAdmin = (viewer: Viewer): boolean => viewer !== null && isAdminRole(viewer.role);
export const isHost = (viewer: Viewer): boolean => viewer?.role === "HOST";
export const isSelf = (viewer: Viewer, userId: number): boolean => isOwnAccount(viewer?.id, userId);

/** Everything but reading public content needs an account: 401 without one. */
export function requireSignedIn(viewer: Viewer): asserts viewer is Actor {
  if (viewer === null) throw unauthenticated();
}
