// Table test: who may import, by role and the state of the account.
import type { Role, RowStatus } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeImport } from "./import.policy.js";

const actor = (role: Role): Actor => ({ id: 1, role, username: "u", via: "session", sessionId: "s" });

function outcome(viewer: Viewer, status: RowStatus | "missing"): number | null {
  try {
    authorizeImport(viewer, status === "missing" ? undefined : { row_status: status });
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, Record<RowStatus | "missing", number | null>]>([
  ["the host", actor("HOST"), { NORMAL: null, ARCHIVED: 403, missing: 403 }],
  ["an admin", actor("ADMIN"), { NORMAL: null, ARCHIVED: 403, missing: 403 }],
  ["a user", actor("USER"), { NORMAL: null, ARCHIVED: 403, missing: 403 }],
  ["a visitor", null, { NORMAL: 401, ARCHIVED: 401, missing: 401 }],
])("import policy for %s", (_label, viewer, expected) => {
  it.each(Object.keys(expected) as Array<RowStatus | "missing">)("account %s", (status) => {
    expect(outcome(viewer, status)).toBe(expected[status]);
  });
});
