// Table test: versions and trashed memos reach their author and nobody else (401 for a visitor, 404 otherwise).
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeOwnMemo, type OwnMemoThing } from "./own-memo.policy.js";

const actor = (id: number, role: Actor["role"], via: Actor["via"] = "session", scope?: "read" | "read-write"): Actor => ({
  id,
  role,
  username: `u${id}`,
  via,
  sessionId: via === "session" ? "s" : null,
  ...(scope ? { token: { id: 9, scope } } : {}),
});
const memo = { id: 5, creator_id: 2 };

describe.each<[string, Viewer, number | null]>([
  ["the author in a session", actor(2, "USER"), null],
  ["the author with a read token", actor(2, "USER", "token", "read"), null],
  ["the author with a read-write token", actor(2, "USER", "token", "read-write"), null],
  ["another user", actor(3, "USER"), 404],
  ["an admin", actor(4, "ADMIN"), 404],
  ["the host", actor(1, "HOST"), 404],
  ["the host with a token", actor(1, "HOST", "token", "read-write"), 404],
  ["a visitor", null, 401],
])("own-memo policy for %s", (_label, viewer, expected) => {
  it.each<OwnMemoThing>(["history", "trash"])("%s", (thing) => {
    let status: number | null = null;
    try {
      authorizeOwnMemo(viewer, thing, memo);
    } catch (error) {
      status = error instanceof HttpError ? error.status : -1;
    }
    expect(status).toBe(expected);
  });
});
