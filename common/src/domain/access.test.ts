import { describe, expect, it } from "vitest";
import {
  type AccountAction,
  accountActionRefusal,
  canCloseComments,
  canDeleteComment,
  canEditComment,
  canEditMemo,
  canPinMemo,
  canReact,
  isOwnAccount,
  settingSectionsFor,
} from "./access.js";
import type { Role } from "./constants.js";

const host = { id: 1, role: "HOST" as Role };
const admin = { id: 2, role: "ADMIN" as Role };
const admin2 = { id: 3, role: "ADMIN" as Role };
const user = { id: 4, role: "USER" as Role };
const user2 = { id: 5, role: "USER" as Role };

// prettier-ignore
const TABLE: [string, typeof host, AccountAction, typeof host, ReturnType<typeof accountActionRefusal>][] = [
  ["self update", user, "update", user, null],
  ["self archive", user, "archive", user, null],
  ["self delete", user, "delete", user, "not-admin"],
  ["host archives itself", host, "archive", host, "host-self"],
  ["host deletes itself", host, "delete", host, "host-self"],
  ["host updates itself", host, "update", host, null],
  ["user updates another", user, "update", user2, "not-admin"],
  ["admin updates a user", admin, "update", user, null],
  ["admin updates an admin", admin, "update", admin2, null],
  ["admin updates the host", admin, "update", host, "host-only"],
  ["admin deletes the host", admin, "delete", host, "host-only"],
  ["admin archives a user", admin, "archive", user, null],
  ["host deletes an admin", host, "delete", admin, null],
  ["host updates a user", host, "update", user, null],
];

describe("accountActionRefusal", () => {
  it.each(TABLE)("%s → %s", (_name, actor, action, target, expected) => {
    expect(accountActionRefusal(actor, action, target)).toBe(expected);
  });
});

describe("settingSectionsFor", () => {
  it("shows members and the system to administrators only", () => {
    expect(settingSectionsFor("USER")).toEqual(["my-account", "preference"]);
    expect(settingSectionsFor("ADMIN")).toEqual(["my-account", "preference", "member", "system"]);
    expect(settingSectionsFor("HOST")).toEqual(["my-account", "preference", "member", "system"]);
  });
});

// The memo's and comment's rules for each kind of viewer: the memo's author (user), the comment's author (user2), an
// administrator and the host (who gain nothing here), and a visitor. The memo is user's; the comment is user2's.
type Viewer = "memo author" | "comment author" | "admin" | "host" | "visitor";
const VIEWER_IDS: Record<Viewer, number | undefined> = {
  "memo author": user.id,
  "comment author": user2.id,
  admin: admin.id,
  host: host.id,
  visitor: undefined,
};
const authors = { memo: user.id, comment: user2.id };

const RULES: Record<string, (viewerId: number | undefined) => boolean> = {
  canEditMemo: (viewerId) => canEditMemo(viewerId, authors.memo),
  canPinMemo: (viewerId) => canPinMemo(viewerId),
  canReact: (viewerId) => canReact(viewerId),
  canEditComment: (viewerId) => canEditComment(viewerId, authors.comment),
  canDeleteComment: (viewerId) => canDeleteComment(viewerId, authors),
  canCloseComments: (viewerId) => canCloseComments(viewerId, authors.memo),
};

// prettier-ignore
const ABILITIES: Record<keyof typeof RULES, Viewer[]> = {
  canEditMemo: ["memo author"],
  canPinMemo: ["memo author", "comment author", "admin", "host"],
  canReact: ["memo author", "comment author", "admin", "host"],
  canEditComment: ["comment author"],
  canDeleteComment: ["memo author", "comment author"],
  canCloseComments: ["memo author"],
};

describe("the memo and comment rules", () => {
  const cases = Object.entries(ABILITIES).flatMap(([rule, allowed]) =>
    (Object.keys(VIEWER_IDS) as Viewer[]).map((viewer) => [rule, viewer, allowed.includes(viewer)] as const),
  );
  it.each(cases)("%s for the %s → %s", (rule, viewer, expected) => {
    expect(RULES[rule]?.(VIEWER_IDS[viewer])).toBe(expected);
  });
});

describe("isOwnAccount", () => {
  it("is the viewer's own id, never a visitor's", () => {
    expect(isOwnAccount(4, 4)).toBe(true);
    expect(isOwnAccount(5, 4)).toBe(false);
    expect(isOwnAccount(undefined, 4)).toBe(false);
  });
});
