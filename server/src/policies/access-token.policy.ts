// Personal access tokens: what a token may do, and who may manage tokens.
//   - A read-only token may call only safe methods (GET, HEAD, OPTIONS): anything else is 403.
//   - Tokens are managed by a signed-in session only: a request made with an access token or the open ID may not
//     create, list or revoke tokens (a leaked token cannot mint more, or hide itself).
//   - A token is its owner's alone: anyone else is told it does not exist.
//   - A token an app got through OAuth (sign-in for MCP clients) is for the MCP endpoint only (the table's `mcp.*`
//     routes): anywhere else it is 403 `auth.mcp-only-token`. Not 401: the token is good, and a client told 401
//     would start its sign-in again; the user approved an MCP client, not a client of the whole API.
import { MCP_ROUTE_PREFIX } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { authorizeSessionChange } from "./credential.policy.js";
import { isSelf } from "./utils.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function authorizeTokenScope(viewer: Viewer, method: string): void {
  if (viewer?.token?.scope === "read" && !SAFE_METHODS.has(method))
    throw forbidden("This access token is read-only", { reason: "auth.read-only-token" });
}

/** `routeName`: the table's name of the route the router matched (undefined outside the table). */
export function authorizeTokenAudience(viewer: Viewer, routeName: string | undefined): void {
  if (viewer?.token?.oauthClientId == null) return;
  if (routeName?.startsWith(MCP_ROUTE_PREFIX)) return;
  throw forbidden("This access token was issued to an app for MCP only", { reason: "auth.mcp-only-token" });
}

export function authorizeTokenManagement(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
  authorizeSessionChange(viewer, "manage access tokens");
}

export function authorizeTokenRevoke(viewer: Viewer, token: { id: number; user_id: number }): void {
  authorizeTokenManagement(viewer);
  if (!isSelf(viewer, token.user_id)) throw notFound(`Access token not found: ${token.id}`, { reason: "access-token.not-found" });
}

/** Whether the viewer sees which token wrote a memo: its creator alone. */
export const canSeeMemoToken = (viewer: Viewer, memo: { creator_id: number }): boolean => isSelf(viewer, memo.creator_id);
