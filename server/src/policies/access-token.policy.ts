// Personal access tokens: what a token may do, and who may manage tokens.
//   - A read-only token may call only safe methods (GET, HEAD, OPTIONS): anything else is 403.
//   - Tokens are managed by a signed-in session only: a request made with an access token or the open ID may not
//     create, list or revoke tokens (a leaked token cannot mint more, or hide itself).
//   - A token is its owner's alone: anyone else is told it does not exist.
import type { Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { authorizeSessionChange } from "./credential.policy.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function authorizeTokenScope(viewer: Viewer, method: string): void {
  if (viewer?.token?.scope === "read" && !SAFE_METHODS.has(method))
    throw forbidden("This access token is read-only", { reason: "auth.read-only-token" });
}

export function authorizeTokenManagement(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
  authorizeSessionChange(viewer, "manage access tokens");
}

export function authorizeTokenRevoke(viewer: Viewer, token: { id: number; user_id: number }): void {
  authorizeTokenManagement(viewer);
  if (viewer.id !== token.user_id) throw notFound(`Access token not found: ${token.id}`, { reason: "access-token.not-found" });
}

/** Whether the viewer sees which token wrote a memo: its creator alone. */
export const canSeeMemoToken = (viewer: Viewer, memo: { creator_id: number }): boolean => viewer !== null && viewer.id === memo.creator_id;
