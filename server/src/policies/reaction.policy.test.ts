// Table test: reactions follow the memo's readability, for every credential kind; reacting needs an account. A
// comment's reactions follow its memo's, but a comment of a memo the viewer may not read is not found (404).
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeCommentReaction, authorizeReaction, canSeeReactions } from "./reaction.policy.js";

const actor = (id: number, role: Actor["role"], via: Actor["via"] = "session", scope?: "read" | "read-write"): Actor => ({
  id,
  role,
  username: `u${id}`,
  via,
  sessionId: via === "session" ? "s" : null,
  ...(scope ? { token: { id: 9, scope } } : {}),
});
const memo = (visibility: "PUBLIC" | "PROTECTED" | "PRIVATE", row_status: "NORMAL" | "ARCHIVED" = "NORMAL") => ({
  id: 5,
  creator_id: 2,
  visibility,
  row_status,
});

const VIEWERS: [string, Viewer][] = [
  ["the author (session)", actor(2, "USER")],
  ["the author (read token)", actor(2, "USER", "token", "read")],
  ["a member (read-write token)", actor(3, "USER", "token", "read-write")],
  ["a member (session)", actor(3, "USER")],
  ["an admin", actor(4, "ADMIN")],
  ["a visitor", null],
];

const EXPECTED: Record<string, Record<string, number | null>> = {
  // [memo kind]: viewer label → status of authorizeReaction (null: allowed)
  PUBLIC: {
    "the author (session)": null,
    "the author (read token)": null,
    "a member (read-write token)": null,
    "a member (session)": null,
    "an admin": null,
    "a visitor": 401,
  },
  PROTECTED: {
    "the author (session)": null,
    "the author (read token)": null,
    "a member (read-write token)": null,
    "a member (session)": null,
    "an admin": null,
    "a visitor": 403,
  },
  PRIVATE: {
    "the author (session)": null,
    "the author (read token)": null,
    "a member (read-write token)": 403,
    "a member (session)": 403,
    "an admin": 403,
    "a visitor": 403,
  },
  ARCHIVED: {
    "the author (session)": null,
    "the author (read token)": null,
    "a member (read-write token)": 404,
    "a member (session)": 404,
    "an admin": 404,
    "a visitor": 404,
  },
};

const factsOf = (kind: string) => (kind === "ARCHIVED" ? memo("PUBLIC", "ARCHIVED") : memo(kind as "PUBLIC" | "PROTECTED" | "PRIVATE"));

/** The status `judge` throws (null: allowed). */
function statusOf(judge: () => void): number | null {
  try {
    judge();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each(Object.keys(EXPECTED))("reactions on a %s memo", (kind) => {
  const facts = factsOf(kind);
  it.each(VIEWERS)("%s", (label, viewer) => {
    const status = statusOf(() => authorizeReaction(viewer, facts));
    expect(status).toBe(EXPECTED[kind]![label]);
    // Whoever may react may see the reactions; a visitor sees them on a public memo.
    expect(canSeeReactions(viewer, facts)).toBe(status === null || (viewer === null && kind === "PUBLIC"));
  });
});

const ON_COMMENT: Record<string, Record<string, number | null>> = {
  // [memo kind]: viewer label → status of authorizeCommentReaction (null: allowed); as on the memo, but whoever may
  // not read the memo is told the comment does not exist
  PUBLIC: { ...EXPECTED.PUBLIC },
  PROTECTED: { ...EXPECTED.PROTECTED, "a visitor": 404 },
  PRIVATE: {
    "the author (session)": null,
    "the author (read token)": null,
    "a member (read-write token)": 404,
    "a member (session)": 404,
    "an admin": 404,
    "a visitor": 404,
  },
  ARCHIVED: { ...EXPECTED.ARCHIVED },
};

describe.each(Object.keys(ON_COMMENT))("reactions on a comment of a %s memo", (kind) => {
  const facts = factsOf(kind);
  it.each(VIEWERS)("%s", (label, viewer) => {
    expect(statusOf(() => authorizeCommentReaction(viewer, { id: 8 }, facts))).toBe(ON_COMMENT[kind]![label]);
  });
});
