// Table test: exports by role and scope.
import type { ExportScope, Role } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeExport } from "./export.policy.js";

const actor = (role: Role): Actor => ({ id: 1, role, username: "u", via: "session", sessionId: "s" });

function outcome(viewer: Viewer, scope: ExportScope): number | null {
  try {
    authorizeExport(viewer, scope);
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, Record<ExportScope, number | null>]>([
  ["the host", actor("HOST"), { user: null, instance: null }],
  ["an admin", actor("ADMIN"), { user: null, instance: 403 }],
  ["a user", actor("USER"), { user: null, instance: 403 }],
  ["a visitor", null, { user: 401, instance: 401 }],
])("export policy for %s", (_label, viewer, expected) => {
  it.each(Object.keys(expected) as ExportScope[])("%s", (scope) => {
    expect(outcome(viewer, scope)).toBe(expected[scope]);
  });
});
