// Signing apps in with OAuth: who may approve, and what an approval may grant.
//   - Only a signed-in browser session approves an app (a token or the open ID, which scripts hold, may not hand
//     out more tokens: 403; a visitor: 401). A session still setting up a required second factor never gets here
//     (policies/two-factor.policy.ts).
//   - The user grants at most what the app asked: read when it asked read, read or read-write when it asked write.
//   - A refresh may ask less than the approval holds, never more (RFC 6749 §6: a scope not granted is
//     `invalid_scope`). The new access token has what it asks (so Settings › Access tokens shows what the app can do
//     now); the refresh token keeps the whole approval, so a later refresh may ask for it again. A scope string that
//     names none of ours (`offline_access`, or nothing) asks for the whole approval (RFC 6749 §6: omitted, it is
//     the scope originally granted).
import { type AccessTokenScope, accessOfScope, OAUTH_SCOPES } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { authorizeSessionChange } from "./credential.policy.js";

export function authorizeConsent(viewer: Viewer): asserts viewer is Actor {
  authorizeSessionChange(viewer, "approve an app's access");
}

export const grantedAccess = (asked: AccessTokenScope, chosen: AccessTokenScope): AccessTokenScope => (asked === "read" ? "read" : chosen);

/** The access a refresh gets (`scope` as the client sent it, space-separated), or null when it asks more than `granted`. */
export function refreshedAccess(granted: AccessTokenScope, scope: string | undefined): AccessTokenScope | null {
  const namesOurs = (scope ?? "").split(" ").some((value) => (OAUTH_SCOPES as readonly string[]).includes(value));
  if (!namesOurs) return granted;
  const asked = accessOfScope(scope);
  return asked === "read-write" && granted === "read" ? null : asked;
}
