// Signing apps in with OAuth: who may approve, and what an approval may grant.
//   - Only a signed-in browser session approves an app (a token or the open ID, which scripts hold, may not hand
//     out more tokens: 403; a visitor: 401). A session still setting up a required second factor never gets here
//     (policies/two-factor.policy.ts).
//   - The user grants at most what the app asked: read when it asked read, read or read-write when it asked write.
import type { AccessTokenScope } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { authorizeSessionChange } from "./credential.policy.js";

export function authorizeConsent(viewer: Viewer): asserts viewer is Actor {
  authorizeSessionChange(viewer, "approve an app's access");
}

export const grantedAccess = (asked: AccessTokenScope, chosen: AccessTokenScope): AccessTokenScope => (asked === "read" ? "read" : chosen);
