import type { Role, RowStatus } from "@memos/common";
import { describe, expect, it } from "vitest";
import { canEditPageCode, memberActions, sectionsFor } from "./access";

describe("sectionsFor", () => {
  it("shows a member only My account and Preferences", () => {
    expect(sectionsFor("USER")).toEqual(["my-account", "preference"]);
  });

  it.each<Role>(["HOST", "ADMIN"])("shows %s every section", (role) => {
    expect(sectionsFor(role)).toEqual(["my-account", "preference", "member", "system"]);
  });

  it("shows nothing without a user", () => {
    expect(sectionsFor(undefined)).toEqual([]);
  });
});

describe("memberActions", () => {
  const user = (id: number, role: Role, rowStatus: RowStatus = "NORMAL") => ({ id, role, rowStatus });
  const host = user(1, "HOST");
  const admin = user(2, "ADMIN");

  it.each([
    ["host on a member", host, user(3, "USER"), ["change-password", "reset-two-factor", "archive", "delete"]],
    ["host on an archived member", host, user(3, "USER", "ARCHIVED"), ["change-password", "reset-two-factor", "restore", "delete"]],
    ["host on an admin", host, admin, ["change-password", "reset-two-factor", "archive", "delete"]],
    ["admin on a member", admin, user(3, "USER"), ["change-password", "reset-two-factor", "archive", "delete"]],
    ["admin on another admin", admin, user(4, "ADMIN"), ["change-password", "reset-two-factor", "archive", "delete"]],
    ["admin on the host", admin, host, []],
    ["host on itself", host, host, []],
    ["admin on itself", admin, admin, []],
    ["member on anyone", user(3, "USER"), user(4, "USER"), []],
  ] as const)("%s", (_name, viewer, member, expected) => {
    expect(memberActions(viewer, member)).toEqual(expected);
  });
});

describe("canEditPageCode", () => {
  it("is the host's alone", () => {
    expect(canEditPageCode("HOST")).toBe(true);
    expect(canEditPageCode("ADMIN")).toBe(false);
    expect(canEditPageCode("USER")).toBe(false);
  });
});
