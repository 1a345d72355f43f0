// Table test: who approves an app's access, what an approval grants, and what a refresh of it may ask.
import type { AccessTokenScope } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeConsent, grantedAccess, refreshedAccess } from "./oauth.policy.js";

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

const session: Actor = { id: 2, role: "USER", username: "u2", via: "session", sessionId: "s" };
const openId: Actor = { ...session, via: "token", sessionId: null };
const token: Actor = { ...openId, token: { id: 9, scope: "read-write", oauthClientId: null } };
const appToken: Actor = { ...openId, token: { id: 9, scope: "read-write", oauthClientId: 3 } };

describe("who approves an app", () => {
  it.each<[string, Viewer, number | null]>([
    ["a signed-in session", session, null],
    ["a personal access token", token, 403],
    ["an app's token", appToken, 403],
    ["the open ID", openId, 403],
    ["a visitor", null, 401],
  ])("%s", (_label, viewer, status) => {
    expect(statusOf(() => authorizeConsent(viewer))).toBe(status);
  });
});

describe("what an approval grants", () => {
  it.each<[AccessTokenScope, AccessTokenScope, AccessTokenScope]>([
    // asked, chosen, granted
    ["read-write", "read-write", "read-write"],
    ["read-write", "read", "read"],
    ["read", "read", "read"],
    ["read", "read-write", "read"],
  ])("asked %s, chosen %s: %s", (asked, chosen, granted) => {
    expect(grantedAccess(asked, chosen)).toBe(granted);
  });
});

describe("what a refresh gets", () => {
  it.each<[AccessTokenScope, string | undefined, AccessTokenScope | null]>([
    // granted, scope asked, the refreshed access (null: invalid_scope)
    ["read-write", undefined, "read-write"],
    ["read-write", "", "read-write"],
    ["read-write", "offline_access", "read-write"],
    ["read-write", "memos:read memos:write", "read-write"],
    ["read-write", "memos:write", "read-write"],
    ["read-write", "memos:read", "read"],
    ["read-write", "memos:read offline_access", "read"],
    ["read", undefined, "read"],
    ["read", "openid", "read"],
    ["read", "memos:read", "read"],
    ["read", "memos:write", null],
    ["read", "memos:read memos:write", null],
  ])("granted %s, asked %s: %s", (granted, scope, expected) => {
    expect(refreshedAccess(granted, scope)).toBe(expected);
  });
});
