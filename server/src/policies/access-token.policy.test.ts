// Table test: what a personal access token may do, and who manages tokens.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  authorizeTokenAudience,
  authorizeTokenManagement,
  authorizeTokenRevoke,
  authorizeTokenScope,
  canSeeMemoToken,
} from "./access-token.policy.js";

const session = (id: number): Actor => ({ id, role: "USER", username: `u${id}`, via: "session", sessionId: "s" });
const openId = (id: number): Actor => ({ id, role: "USER", username: `u${id}`, via: "token", sessionId: null });
const token = (id: number, scope: "read" | "read-write"): Actor => ({ ...openId(id), token: { id: 9, scope, oauthClientId: null } });
const appToken = (id: number, scope: "read" | "read-write"): Actor => ({ ...openId(id), token: { id: 9, scope, oauthClientId: 4 } });

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, Record<string, number | null>]>([
  ["a session", session(2), { GET: null, HEAD: null, POST: null, PATCH: null, DELETE: null }],
  ["the open ID", openId(2), { GET: null, HEAD: null, POST: null, PATCH: null, DELETE: null }],
  ["a read-write token", token(2, "read-write"), { GET: null, HEAD: null, POST: null, PATCH: null, DELETE: null }],
  ["a read-only token", token(2, "read"), { GET: null, HEAD: null, POST: 403, PATCH: 403, DELETE: 403 }],
  ["a visitor", null, { GET: null, HEAD: null, POST: null, PATCH: null, DELETE: null }],
])("token scope for %s", (_label, viewer, expected) => {
  it.each(Object.entries(expected))("%s", (method, status) => {
    expect(statusOf(() => authorizeTokenScope(viewer, method))).toBe(status);
  });
});

describe.each<[string, Viewer, number | null, number | null]>([
  // who, manage (create/list), revoke a token of user 2
  ["the owner's session", session(2), null, null],
  ["another user's session", session(3), null, 404],
  ["the owner's read-write token", token(2, "read-write"), 403, 403],
  ["the owner's open ID", openId(2), 403, 403],
  ["a visitor", null, 401, 401],
])("token management by %s", (_label, viewer, manage, revoke) => {
  it("create and list", () => expect(statusOf(() => authorizeTokenManagement(viewer))).toBe(manage));
  it("revoke", () => expect(statusOf(() => authorizeTokenRevoke(viewer, { id: 1, user_id: 2 }))).toBe(revoke));
});

describe.each<[string, Viewer, Record<string, number | null>]>([
  // who, then the route (by its table name) → status
  ["a session", session(2), { "mcp.post": null, "memo.list": null, "access-token.list": null, outside: null }],
  ["the open ID", openId(2), { "mcp.post": null, "memo.list": null, "access-token.list": null, outside: null }],
  ["a personal access token", token(2, "read-write"), { "mcp.post": null, "mcp.get": null, "memo.list": null, outside: null }],
  [
    "an app's read-write token",
    appToken(2, "read-write"),
    { "mcp.post": null, "mcp.get": null, "memo.list": 403, "user.me": 403, outside: 403 },
  ],
  ["an app's read token", appToken(2, "read"), { "mcp.post": null, "memo.create": 403, "access-token.list": 403, outside: 403 }],
  ["a visitor", null, { "mcp.post": null, "memo.list": null, outside: null }],
])("where the token of %s is accepted", (_label, viewer, expected) => {
  it.each(Object.entries(expected))("%s", (route, status) => {
    expect(statusOf(() => authorizeTokenAudience(viewer, route === "outside" ? undefined : route))).toBe(status);
  });
});

describe("which token wrote a memo", () => {
  it.each<[string, Viewer, boolean]>([
    ["its creator", session(2), true],
    ["another user", session(3), false],
    ["a visitor", null, false],
  ])("is shown to %s: %s", (_label, viewer, shown) => {
    expect(canSeeMemoToken(viewer, { creator_id: 2 })).toBe(shown);
  });
});
