// Table test: who may create, update, archive and delete which user.
import type { Role } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  accountDisclosure,
  authorizeIdentityChange,
  authorizeUser,
  authorizeUserCreate,
  createsMember,
  type UserAction,
} from "./user.policy.js";

const actor = (id: number, role: Role): Actor => ({ id, role, username: `u${id}`, via: "session", sessionId: "s" });
const HOST = actor(1, "HOST");
const ADMIN = actor(2, "ADMIN");
const USER = actor(3, "USER");
/** The same account through a personal access token of each scope, and through the open ID. */
const viaToken = (who: Actor, scope?: "read" | "read-write"): Actor => ({
  ...who,
  via: "token",
  sessionId: null,
  ...(scope ? { token: { id: 5, scope } } : {}),
});
const CREDENTIALS: [string, (who: Actor) => Actor][] = [
  ["a read-write token", (who) => viaToken(who, "read-write")],
  ["a read token", (who) => viaToken(who, "read")],
  ["the open ID", (who) => viaToken(who)],
];

/** null when allowed, else the HTTP status thrown. */
function outcome(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

const target = (viewer: Actor) => ({ id: viewer.id, role: viewer.role });
const others = { host: { id: 1, role: "HOST" as Role }, admin: { id: 9, role: "ADMIN" as Role }, user: { id: 8, role: "USER" as Role } };

describe("createsMember (v1 CreateUser: an administrator's member, else a sign-up)", () => {
  it.each<[string, Viewer, boolean]>([
    ["a visitor signs up", null, false],
    ["a member signs up", USER, false],
    ["an admin adds a member", ADMIN, true],
    ["the host adds a member", HOST, true],
    // Whether a token may is authorizeUserCreate's call: the request is an administrator's all the same.
    ["an admin's token is an administrator's call", viaToken(ADMIN, "read-write"), true],
  ])("%s", (_label, viewer, expected) => {
    expect(createsMember(viewer)).toBe(expected);
  });
});

describe("authorizeUserCreate", () => {
  it.each<[string, Viewer, Role, number | null]>([
    ["host creates USER", HOST, "USER", null],
    ["host creates ADMIN", HOST, "ADMIN", null],
    ["host creates HOST", HOST, "HOST", 403],
    ["admin creates USER", ADMIN, "USER", null],
    ["admin creates HOST", ADMIN, "HOST", 403],
    ["user creates USER", USER, "USER", 403],
    ["visitor creates USER", null, "USER", 401],
  ])("%s", (_label, viewer, role, expected) => {
    expect(outcome(() => authorizeUserCreate(viewer, role))).toBe(expected);
  });
});

describe("authorizeUser", () => {
  const table: Array<[string, Viewer, UserAction & ("update" | "archive" | "delete"), { id: number; role: Role }, number | null]> = [
    ["host updates itself", HOST, "update", target(HOST), null],
    ["host archives itself", HOST, "archive", target(HOST), 403],
    ["host deletes itself", HOST, "delete", target(HOST), 403],
    ["host updates an admin", HOST, "update", others.admin, null],
    ["host archives an admin", HOST, "archive", others.admin, null],
    ["host deletes a user", HOST, "delete", others.user, null],
    ["admin updates itself", ADMIN, "update", target(ADMIN), null],
    ["admin archives itself", ADMIN, "archive", target(ADMIN), null],
    ["admin updates a user", ADMIN, "update", others.user, null],
    ["admin updates another admin", ADMIN, "update", others.admin, null],
    ["admin deletes a user", ADMIN, "delete", others.user, null],
    ["admin updates the host", ADMIN, "update", others.host, 403],
    ["admin archives the host", ADMIN, "archive", others.host, 403],
    ["admin deletes the host", ADMIN, "delete", others.host, 403],
    ["user updates itself", USER, "update", target(USER), null],
    ["user archives itself", USER, "archive", target(USER), null],
    ["user deletes itself", USER, "delete", target(USER), 403],
    ["user updates another user", USER, "update", others.user, 403],
    ["user archives another user", USER, "archive", others.user, 403],
    ["user updates the host", USER, "update", others.host, 403],
    ["visitor updates a user", null, "update", others.user, 401],
    ["visitor deletes a user", null, "delete", others.user, 401],
  ];
  it.each(table)("%s", (_label, viewer, action, who, expected) => {
    expect(outcome(() => authorizeUser(viewer, action, who))).toBe(expected);
  });
});

describe("credentials and identity change from a session only", () => {
  describe.each(CREDENTIALS)("with %s", (_label, as) => {
    it.each<[string, () => void]>([
      ["create a member", () => authorizeUserCreate(as(HOST), "USER")],
      ["archive a member", () => authorizeUser(as(HOST), "archive", others.user)],
      ["archive itself", () => authorizeUser(as(USER), "archive", target(USER))],
      ["delete a member", () => authorizeUser(as(ADMIN), "delete", others.user)],
      ["change its password", () => authorizeIdentityChange(as(USER), { password: true, username: false, openId: false })],
      ["change its username", () => authorizeIdentityChange(as(USER), { password: false, username: true, openId: false })],
      ["reset its open ID", () => authorizeIdentityChange(as(USER), { password: false, username: false, openId: true })],
    ])("may not %s (403)", (_action, run) => expect(outcome(run)).toBe(403));

    it("may still update an account (its profile) and change nothing of its identity", () => {
      expect(outcome(() => authorizeUser(as(USER), "update", target(USER)))).toBe(null);
      expect(outcome(() => authorizeIdentityChange(as(USER), { password: false, username: false, openId: false }))).toBe(null);
    });

    it("sees its own email but not its open ID", () => {
      expect(accountDisclosure(as(USER), target(USER))).toEqual({ email: true, openId: false });
    });
  });

  it("a session does all of it and sees its own open ID", () => {
    expect(outcome(() => authorizeIdentityChange(USER, { password: true, username: true, openId: true }))).toBe(null);
    expect(accountDisclosure(USER, target(USER))).toEqual({ email: true, openId: true });
    expect(accountDisclosure(HOST, others.user)).toEqual({ email: true, openId: false });
  });
});
