// The scope of a memo's related memos, for every credential kind, shows exactly what canReadMemo allows.
import { ROW_STATUSES, type Role, VISIBILITIES } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { canReadMemo } from "./memo.policy.js";
import { relatedScope, scopeShows } from "./relation.policy.js";

const session = (id: number, role: Role): Actor => ({ id, role, username: `u${id}`, via: "session", sessionId: "s" });
const CREDENTIALS: Record<string, (id: number, role: Role) => Actor> = {
  session,
  "read token": (id, role) => ({ ...session(id, role), via: "token", sessionId: null, token: { id: 1, scope: "read" } }),
  "read-write token": (id, role) => ({ ...session(id, role), via: "token", sessionId: null, token: { id: 1, scope: "read-write" } }),
  "open ID": (id, role) => ({ ...session(id, role), via: "token", sessionId: null }),
};

const CREATOR = 10;
const viewers: Array<[string, Viewer]> = [["visitor", null]];
for (const [kind, make] of Object.entries(CREDENTIALS))
  for (const role of ["USER", "ADMIN", "HOST"] as const) {
    viewers.push([`${kind} ${role} creator`, make(CREATOR, role)]);
    viewers.push([`${kind} ${role} other`, make(11, role)]);
  }

describe("relatedScope", () => {
  for (const [name, viewer] of viewers)
    it(`shows ${name} exactly the memos canReadMemo allows`, () => {
      const scope = relatedScope(viewer);
      for (const visibility of VISIBILITIES)
        for (const row_status of ROW_STATUSES) {
          const memo = { id: 1, creator_id: CREATOR, visibility, row_status };
          expect(scopeShows(scope, memo), `${visibility} ${row_status}`).toBe(canReadMemo(viewer, memo));
        }
    });

  it("gives a visitor public memos only, and an admin nothing more than a member", () => {
    expect(relatedScope(null)).toEqual({ ownerId: null, shared: ["PUBLIC"] });
    expect(relatedScope(session(3, "ADMIN")).shared).toEqual(relatedScope(session(4, "USER")).shared);
  });
});
