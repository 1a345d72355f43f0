// Sessions ("Where you're signed in"): who may see and end them.
//   - A signed-in browser session only: a token or the open ID may neither list sessions (their devices and
//     addresses are the account's own) nor end them (a leaked token must not sign its owner out).
//   - A session is its owner's alone: anyone else is told it does not exist.
import type { Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { authorizeSessionChange } from "./credential.policy.js";

export function authorizeSessionManagement(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
  authorizeSessionChange(viewer, "see or end sessions");
}

export function authorizeSessionRevoke(viewer: Viewer, publicId: string, session: { user_id: number } | undefined): void {
  authorizeSessionManagement(viewer);
  if (session === undefined || session.user_id !== viewer.id)
    throw notFound(`Session not found: ${publicId}`, { reason: "session.not-found" });
}
