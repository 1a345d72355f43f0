// What only a signed-in browser session may do or see. A personal access token or the open ID is a credential a
// script holds; if it leaks, it must not reach the account itself:
//   - Secrets (the open ID, a webhook's signing secret) are shown to their owner's session only; an answer to a
//     token or the open ID carries them empty, so a read-only token cannot read a credential that writes.
//   - Changes to an account's credentials and identity (password, username, row status, open ID rotation,
//     members created or deleted, access tokens, webhooks) are made from a session only: 403 otherwise.
import type { Actor, Viewer } from "../context.js";
import { forbidden } from "../errors.js";
import { requireSignedIn } from "./utils.js";

/** Whether the caller signed in with a password in a browser (a session cookie), not a token or the open ID. */
export const isSessionCaller = (viewer: Viewer): viewer is Actor => viewer?.via === "session";

/** The message a token or the open ID gets for a session-only change (`change`: "change the password"). */
export const sessionOnlyMessage = (change: string) => `Only a signed-in session may ${change}, not an access token or the open ID`;

/** 401 for a visitor; 403 for a token or the open ID. */
export function authorizeSessionChange(viewer: Viewer, change: string): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (!isSessionCaller(viewer)) throw forbidden(sessionOnlyMessage(change));
}
