// Table test: what only a signed-in session may do.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeSessionChange, isSessionCaller, sessionOnlyMessage } from "./credential.policy.js";

const session: Actor = { id: 2, role: "USER", username: "u2", via: "session", sessionId: "s" };
const openId: Actor = { ...session, via: "token", sessionId: null };

describe.each<[string, Viewer, boolean, [number, string] | null]>([
  ["a session", session, true, null],
  ["a read-write token", { ...openId, token: { id: 1, scope: "read-write" } }, false, [403, sessionOnlyMessage("change the password")]],
  ["a read token", { ...openId, token: { id: 1, scope: "read" } }, false, [403, sessionOnlyMessage("change the password")]],
  ["the open ID", openId, false, [403, sessionOnlyMessage("change the password")]],
  ["a visitor", null, false, [401, "Missing user in session"]],
])("%s", (_label, viewer, isSession, refusal) => {
  it(`is ${isSession ? "" : "not "}a session caller`, () => expect(isSessionCaller(viewer)).toBe(isSession));
  it(refusal ? `is refused a session-only change (${refusal[0]})` : "may make a session-only change", () => {
    let thrown: [number, string] | null = null;
    try {
      authorizeSessionChange(viewer, "change the password");
    } catch (error) {
      thrown = error instanceof HttpError ? [error.status, error.message] : [-1, String(error)];
    }
    expect(thrown).toEqual(refusal);
  });
});
