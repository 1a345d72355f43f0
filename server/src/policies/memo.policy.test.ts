// Table tests of the memo policy: role × visibility × row status × action, and the list scopes.
import type { Role, RowStatus, Visibility } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  amountScopes,
  authorizeMemo,
  canReadMemo,
  exploreScope,
  feedScope,
  type MemoAction,
  memoBatchRefusal,
  memoListScope,
  statsScope,
} from "./memo.policy.js";

const CREATOR_ID = 10;
const actor = (id: number, role: Role): Actor => ({ id, role, username: `u${id}`, via: "session", sessionId: null });

const VIEWERS: Record<string, Viewer> = {
  anon: null,
  creator: actor(CREATOR_ID, "USER"),
  member: actor(11, "USER"),
  admin: actor(12, "ADMIN"),
  host: actor(1, "HOST"),
};
type ViewerName = keyof typeof VIEWERS;
const ORDER: ViewerName[] = ["anon", "creator", "member", "admin", "host"];

const memo = (visibility: Visibility, row_status: RowStatus) => ({ id: 7, creator_id: CREATOR_ID, visibility, row_status });

/** The status authorizeMemo throws, or 0 when it allows. */
function outcome(viewer: Viewer, action: MemoAction, visibility: Visibility, rowStatus: RowStatus): number {
  try {
    authorizeMemo(viewer, action, memo(visibility, rowStatus));
    return 0;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

// prettier-ignore
const TABLE: [Visibility, RowStatus, MemoAction, number, number, number, number, number][] = [
  //                                         anon creator member admin host
  ["PUBLIC", "NORMAL", "read", 0, 0, 0, 0, 0],
  ["PUBLIC", "NORMAL", "pin", 401, 0, 0, 0, 0],
  ["PUBLIC", "NORMAL", "update", 401, 0, 403, 403, 403],
  ["PUBLIC", "NORMAL", "delete", 401, 0, 403, 403, 403],
  ["PUBLIC", "NORMAL", "link-resource", 401, 0, 403, 403, 403],
  ["PROTECTED", "NORMAL", "read", 403, 0, 0, 0, 0],
  ["PROTECTED", "NORMAL", "pin", 403, 0, 0, 0, 0],
  ["PROTECTED", "NORMAL", "update", 403, 0, 403, 403, 403],
  ["PROTECTED", "NORMAL", "delete", 403, 0, 403, 403, 403],
  ["PROTECTED", "NORMAL", "link-resource", 403, 0, 403, 403, 403],
  ["PRIVATE", "NORMAL", "read", 403, 0, 403, 403, 403],
  ["PRIVATE", "NORMAL", "pin", 403, 0, 403, 403, 403],
  ["PRIVATE", "NORMAL", "update", 403, 0, 403, 403, 403],
  ["PRIVATE", "NORMAL", "delete", 403, 0, 403, 403, 403],
  ["PRIVATE", "NORMAL", "link-resource", 403, 0, 403, 403, 403],
  ...(["PUBLIC", "PROTECTED", "PRIVATE"] as const).flatMap((visibility) =>
    (["read", "pin", "update", "delete", "link-resource"] as const).map(
      (action): [Visibility, RowStatus, MemoAction, number, number, number, number, number] => [
        visibility,
        "ARCHIVED",
        action,
        404,
        0,
        404,
        404,
        404,
      ],
    ),
  ),
];

describe("authorizeMemo", () => {
  it.each(TABLE)("%s %s %s → anon %i, creator %i, member %i, admin %i, host %i", (visibility, rowStatus, action, ...expected) => {
    expect(ORDER.map((name) => outcome(VIEWERS[name]!, action, visibility, rowStatus))).toEqual(expected);
  });

  it("canReadMemo agrees with the read row of the table", () => {
    for (const [visibility, rowStatus, action, ...expected] of TABLE) {
      if (action !== "read") continue;
      expect(ORDER.map((name) => canReadMemo(VIEWERS[name]!, memo(visibility, rowStatus)))).toEqual(expected.map((status) => status === 0));
    }
  });
});

describe("memoBatchRefusal", () => {
  // Every credential a bulk edit may come with judges alike (a read-only token never reaches it: the access hook).
  const CREDENTIALS: Record<string, (id: number, role: Role) => Actor> = {
    session: actor,
    "read-write token": (id, role) => ({ ...actor(id, role), via: "token", sessionId: null, token: { id: 1, scope: "read-write" } }),
    "open ID": (id, role) => ({ ...actor(id, role), via: "token", sessionId: null }),
  };
  const SIGNED_IN = ["creator", "member", "admin", "host"] as const;

  it.each(Object.keys(CREDENTIALS))(
    "by %s: what authorizeMemo allows passes; an unreadable memo is not found, a readable one not the caller's not its creator's",
    (kind) => {
      for (const [visibility, rowStatus, action, _anon, ...expected] of TABLE) {
        const got = SIGNED_IN.map((name) => {
          const viewer = VIEWERS[name]!;
          return memoBatchRefusal(CREDENTIALS[kind]!(viewer.id, viewer.role), action, memo(visibility, rowStatus));
        });
        const want = SIGNED_IN.map((name, index) => {
          if (expected[index] === 0) return null;
          return canReadMemo(VIEWERS[name]!, memo(visibility, rowStatus)) ? "memo.not-creator" : "memo.not-found";
        });
        expect(got, `${visibility} ${rowStatus} ${action}`).toEqual(want);
      }
    },
  );

  it("a missing memo is not found, for its would-be creator too", () => {
    expect(memoBatchRefusal(VIEWERS.creator!, "update", undefined)).toBe("memo.not-found");
    expect(memoBatchRefusal(VIEWERS.host!, "pin", undefined)).toBe("memo.not-found");
  });

  it("another's private memo is not found, never private: a bulk edit does not say it exists", () => {
    for (const action of ["pin", "update", "delete"] as const)
      expect(memoBatchRefusal(VIEWERS.member!, action, memo("PRIVATE", "NORMAL"))).toBe("memo.not-found");
  });
});

describe("list scopes", () => {
  const member = VIEWERS.member!;
  const creator = VIEWERS.creator!;

  it("GET /api/memo without creatorId: the caller's own memos, any visibility; visitors must name a creator", () => {
    expect(memoListScope(member, undefined, {})).toEqual({ creatorId: 11, visibilities: undefined, rowStatus: undefined });
    expect(memoListScope(member, undefined, { visibilities: ["PRIVATE"], rowStatus: "ARCHIVED" })).toEqual({
      creatorId: 11,
      visibilities: ["PRIVATE"],
      rowStatus: "ARCHIVED",
    });
    expect(() => memoListScope(null, undefined, {})).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("GET /api/memo?creatorId: the owner sees all; others NORMAL by visibility; visibility only narrows", () => {
    expect(memoListScope(creator, CREATOR_ID, {})).toEqual({ creatorId: CREATOR_ID, visibilities: undefined, rowStatus: undefined });
    expect(memoListScope(null, CREATOR_ID, {})).toEqual({ creatorId: CREATOR_ID, visibilities: ["PUBLIC"], rowStatus: "NORMAL" });
    expect(memoListScope(member, CREATOR_ID, {})).toEqual({
      creatorId: CREATOR_ID,
      visibilities: ["PUBLIC", "PROTECTED"],
      rowStatus: "NORMAL",
    });
    expect(memoListScope(VIEWERS.host!, CREATOR_ID, { visibilities: ["PRIVATE"] }).visibilities).toEqual([]);
    expect(memoListScope(null, CREATOR_ID, { visibilities: ["PROTECTED", "PUBLIC", "PRIVATE"] }).visibilities).toEqual(["PUBLIC"]);
    expect(memoListScope(member, CREATOR_ID, { rowStatus: "ARCHIVED" }).visibilities).toEqual([]);
    expect(memoListScope(member, CREATOR_ID, { rowStatus: "NORMAL" }).rowStatus).toBe("NORMAL");
  });

  it("explore: NORMAL only, PUBLIC to visitors, PUBLIC+PROTECTED to members, narrowed by a request", () => {
    expect(exploreScope(null, undefined)).toEqual({ visibilities: ["PUBLIC"], rowStatus: "NORMAL" });
    for (const name of ["creator", "member", "admin", "host"] as const) {
      expect(exploreScope(VIEWERS[name]!, undefined)).toEqual({ visibilities: ["PUBLIC", "PROTECTED"], rowStatus: "NORMAL" });
    }
    expect(exploreScope(member, ["PRIVATE"]).visibilities).toEqual([]);
    expect(exploreScope(null, ["PROTECTED"]).visibilities).toEqual([]);
    expect(exploreScope(member, ["PROTECTED", "PRIVATE"]).visibilities).toEqual(["PROTECTED"]);
  });

  it("stats: NORMAL memos; all visibilities for the owner, by visibility for others", () => {
    expect(statsScope(creator, CREATOR_ID)).toEqual({ creatorId: CREATOR_ID, rowStatus: "NORMAL" });
    expect(statsScope(member, CREATOR_ID)).toEqual({ creatorId: CREATOR_ID, rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] });
    expect(statsScope(VIEWERS.host!, CREATOR_ID).visibilities).toEqual(["PUBLIC", "PROTECTED"]);
    expect(statsScope(null, CREATOR_ID)).toEqual({ creatorId: CREATOR_ID, rowStatus: "NORMAL", visibilities: ["PUBLIC"] });
  });

  it("amount: one user's memos as stats counts them; of everyone, the shared ones and only the caller's own private ones", () => {
    expect(amountScopes(member, CREATOR_ID)).toEqual([statsScope(member, CREATOR_ID)]);
    expect(amountScopes(creator, CREATOR_ID)).toEqual([{ creatorId: CREATOR_ID, rowStatus: "NORMAL" }]);
    expect(amountScopes(null, undefined)).toEqual([{ visibilities: ["PUBLIC"], rowStatus: "NORMAL" }]);
    for (const name of ["creator", "member", "admin", "host"] as const) {
      const viewer = VIEWERS[name]!;
      expect(amountScopes(viewer, undefined)).toEqual([
        { visibilities: ["PUBLIC", "PROTECTED"], rowStatus: "NORMAL" },
        { creatorId: viewer.id, visibilities: ["PRIVATE"], rowStatus: "NORMAL" },
      ]);
    }
  });

  it("feeds: PUBLIC NORMAL only", () => {
    expect(feedScope(CREATOR_ID)).toEqual({ creatorId: CREATOR_ID, visibilities: ["PUBLIC"], rowStatus: "NORMAL" });
    expect(feedScope()).toEqual({ creatorId: undefined, visibilities: ["PUBLIC"], rowStatus: "NORMAL" });
  });
});
