// Table test: who may see and end sessions.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeSessionManagement, authorizeSessionRevoke } from "./session.policy.js";

const session = (id: number): Actor => ({ id, role: "USER", username: `u${id}`, via: "session", sessionId: "s" });
const openId = (id: number): Actor => ({ id, role: "HOST", username: `u${id}`, via: "token", sessionId: null });
const token = (id: number, scope: "read" | "read-write"): Actor => ({ ...openId(id), token: { id: 9, scope } });

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, number | null, number | null]>([
  // who, list and end others, end a session of user 2
  ["the owner's session", session(2), null, null],
  ["another user's session", session(3), null, 404],
  ["the host's session", { ...session(1), role: "HOST" }, null, 404],
  ["the owner's read-write token", token(2, "read-write"), 403, 403],
  ["the owner's read-only token", token(2, "read"), 403, 403],
  ["the owner's open ID", openId(2), 403, 403],
  ["a visitor", null, 401, 401],
])("sessions, by %s", (_label, viewer, manage, revoke) => {
  it("list, and end the others", () => expect(statusOf(() => authorizeSessionManagement(viewer))).toBe(manage));
  it("end one", () => expect(statusOf(() => authorizeSessionRevoke(viewer, "p", { user_id: 2 }))).toBe(revoke));
});

it("a session that does not exist is 404 for its would-be owner", () => {
  expect(statusOf(() => authorizeSessionRevoke(session(2), "p", undefined))).toBe(404);
});
