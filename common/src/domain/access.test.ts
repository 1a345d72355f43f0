import { describe, expect, it } from "vitest";
import { type AccountAction, accountActionRefusal, canEditMemo, settingSectionsFor } from "./access.js";
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

describe("canEditMemo", () => {
  it("is the author's alone: not a visitor, not another member, not an administrator", () => {
    expect(canEditMemo(4, 4)).toBe(true);
    expect(canEditMemo(undefined, 4)).toBe(false);
    expect(canEditMemo(5, 4)).toBe(false);
    expect(canEditMemo(host.id, 4)).toBe(false);
  });
});
