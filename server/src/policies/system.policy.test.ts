// Table test: instance administration by role.
import type { Role } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  authorizeSettingRead,
  authorizeSystem,
  canSeeBackupStatus,
  canSeeDatabaseSize,
  type SettingAudience,
  type SystemAction,
} from "./system.policy.js";

const actor = (role: Role): Actor => ({ id: 1, role, username: "u", via: "session", sessionId: "s" });

function outcome(viewer: Viewer, action: SystemAction): number | null {
  return statusOf(() => authorizeSystem(viewer, action));
}

function statusOf(decide: () => void): number | null {
  try {
    decide();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, Record<SystemAction, number | null>, boolean, boolean]>([
  ["the host", actor("HOST"), { "read-settings": null, "write-settings": null, "write-page-code": null, vacuum: null }, true, true],
  ["an admin", actor("ADMIN"), { "read-settings": null, "write-settings": null, "write-page-code": 403, vacuum: null }, true, false],
  ["a user", actor("USER"), { "read-settings": 403, "write-settings": 403, "write-page-code": 403, vacuum: 403 }, false, false],
  ["a visitor", null, { "read-settings": 401, "write-settings": 401, "write-page-code": 401, vacuum: 401 }, false, false],
])("system policy for %s", (_label, viewer, expected, seesSize, seesBackups) => {
  it.each(Object.keys(expected) as SystemAction[])("%s", (action) => {
    expect(outcome(viewer, action)).toBe(expected[action]);
  });
  it("database size", () => {
    expect(canSeeDatabaseSize(viewer)).toBe(seesSize);
  });
  it("backup status", () => {
    expect(canSeeBackupStatus(viewer)).toBe(seesBackups);
  });
});

describe.each<[string, Viewer, Record<SettingAudience, number | null>]>([
  ["the host", actor("HOST"), { everyone: null, members: null, admins: null }],
  ["an admin", actor("ADMIN"), { everyone: null, members: null, admins: null }],
  ["a user", actor("USER"), { everyone: null, members: null, admins: 403 }],
  ["a visitor", null, { everyone: null, members: 401, admins: 401 }],
])("reading an instance setting, for %s", (_label, viewer, expected) => {
  it.each(Object.keys(expected) as SettingAudience[])("kept for %s", (audience) => {
    expect(statusOf(() => authorizeSettingRead(viewer, audience))).toBe(expected[audience]);
  });
});
