// Table test: what each role of a space may do (common's domain/spaces.ts, refused here), a non-member answered as if
// the space did not exist; the owner's membership changes by a transfer only; the memo policy lets the members of a
// memo's space read it, once their memberships were read for the request, and nobody else.
import type { SpaceRole } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor } from "../context.js";
import { HttpError } from "../errors.js";
import { canReadMemo } from "./memo.policy.js";
import { authorizeMemberChange, authorizeSpace, type SpaceAction, spaceRoleOf } from "./space.policy.js";

const statusOf = (run: () => unknown): number | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

const actor = (id: number, spaceRoles?: Map<number, SpaceRole>): Actor => ({
  id,
  role: "USER",
  username: `u${id}`,
  via: "session",
  sessionId: "s",
  ...(spaceRoles ? { spaceRoles } : {}),
});

describe.each<[string, SpaceRole | null, Record<SpaceAction, number | null>]>([
  ["the owner", "owner", { read: null, post: null, manage: null, leave: 409 }],
  ["an editor", "editor", { read: null, post: null, manage: 403, leave: null }],
  ["a reader", "reader", { read: null, post: 403, manage: 403, leave: null }],
  ["a non-member", null, { read: 404, post: 404, manage: 404, leave: 404 }],
])("%s", (_who, role, expected) => {
  it.each(Object.entries(expected) as [SpaceAction, number | null][])("%s: %s", (action, status) => {
    expect(statusOf(() => authorizeSpace(role, action, 7))).toBe(status);
  });
});

describe("the owner's membership", () => {
  it("is changed by no one but a transfer: not removed, not given a role, not by the owner either", () => {
    expect(statusOf(() => authorizeMemberChange(actor(1), { user_id: 1, role: "owner" }))).toBe(409);
    expect(statusOf(() => authorizeMemberChange(actor(1), { user_id: 2, role: "editor" }))).toBe(null);
    expect(statusOf(() => authorizeMemberChange(actor(1), { user_id: 3, role: "reader" }))).toBe(null);
  });
});

describe("a memo of a space", () => {
  const memo = { id: 5, creator_id: 2, visibility: "PRIVATE" as const, row_status: "NORMAL" as const, space_id: 7 };

  it("is read by its author and the space's members, whatever their role, and by no one else", () => {
    expect(canReadMemo(actor(2), memo)).toBe(true);
    for (const role of ["owner", "editor", "reader"] as const) expect(canReadMemo(actor(3, new Map([[7, role]])), memo)).toBe(true);
    expect(canReadMemo(actor(3, new Map([[8, "owner"]])), memo)).toBe(false);
    expect(canReadMemo(null, memo)).toBe(false);
  });

  it("is refused to a member whose memberships were not read (the policy never guesses), and archived it is its author's", () => {
    expect(canReadMemo(actor(3), memo)).toBe(false);
    expect(spaceRoleOf(actor(3), 7)).toBe(null);
    expect(canReadMemo(actor(3, new Map([[7, "owner"]])), { ...memo, row_status: "ARCHIVED" })).toBe(false);
  });
});
