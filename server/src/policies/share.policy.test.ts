// Table test: a memo's share links are managed by its author alone, on every credential (a read token only lists);
// a share link opens its one memo and that memo's files while it lives, and everything else is one 404.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeShareLink, authorizeShareManagement, authorizeSharedFile, type ShareAction } from "./share.policy.js";

const actor = (id: number, role: Actor["role"], via: Actor["via"] = "session", scope?: "read" | "read-write"): Actor => ({
  id,
  role,
  username: `u${id}`,
  via,
  sessionId: via === "session" ? "s" : null,
  ...(scope ? { token: { id: 9, scope } } : {}),
});
const memo = { id: 5, creator_id: 2 };

const statusOf = (run: () => unknown): number | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

describe.each<[string, Viewer, Record<ShareAction, number | null>]>([
  ["the author in a session", actor(2, "USER"), { list: null, create: null, revoke: null }],
  ["the author with a read token", actor(2, "USER", "token", "read"), { list: null, create: 403, revoke: 403 }],
  ["the author with a read-write token", actor(2, "USER", "token", "read-write"), { list: null, create: null, revoke: null }],
  ["the author with the open ID", actor(2, "USER", "token"), { list: null, create: null, revoke: null }],
  ["another user", actor(3, "USER"), { list: 404, create: 404, revoke: 404 }],
  ["another user with a read-write token", actor(3, "USER", "token", "read-write"), { list: 404, create: 404, revoke: 404 }],
  ["an admin", actor(4, "ADMIN"), { list: 404, create: 404, revoke: 404 }],
  ["the host", actor(1, "HOST"), { list: 404, create: 404, revoke: 404 }],
  ["the host with the open ID", actor(1, "HOST", "token"), { list: 404, create: 404, revoke: 404 }],
  // A share token resolves no caller: whoever holds only a link is a visitor here.
  ["a visitor, or a share token", null, { list: 401, create: 401, revoke: 401 }],
])("managing share links as %s", (_label, viewer, expected) => {
  it.each<ShareAction>(["list", "create", "revoke"])("%s", (action) => {
    expect(statusOf(() => authorizeShareManagement(viewer, action, memo))).toBe(expected[action]);
  });
});

describe("what a share link opens", () => {
  const now = 1_000;
  const share = { memo_id: 5, creator_id: 2, expires_ts: null };
  it.each<[string, typeof share | undefined, typeof memo | undefined, number | null]>([
    ["a live link to its memo", share, memo, null],
    ["a link expiring later", { ...share, expires_ts: now + 1 } as never, memo, null],
    ["an expired link", { ...share, expires_ts: now } as never, memo, 404],
    ["an unknown or revoked token", undefined, memo, 404],
    ["a link whose memo is in the trash or gone", share, undefined, 404],
    ["a memo that is not the link's", share, { id: 6, creator_id: 2 }, 404],
    ["a memo of another author under the link's id", share, { id: 5, creator_id: 3 }, 404],
  ])("%s", (_label, row, target, expected) => {
    expect(statusOf(() => authorizeShareLink(row, target, now))).toBe(expected);
  });

  it("opens only files linked to the shared memo", () => {
    expect(statusOf(() => authorizeSharedFile([7, 8], 7))).toBeNull();
    expect(statusOf(() => authorizeSharedFile([7, 8], 9))).toBe(404);
    expect(statusOf(() => authorizeSharedFile([], 7))).toBe(404);
  });
});
