// Table test: comments follow the memo's readability, for every credential kind; writing needs an account that
// writes (not a read token); the comment's author edits, its author or the memo's deletes; an admin gains nothing.
import { canCloseComments, canDeleteComment, canEditComment } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeComment, authorizeCommentChange, authorizeCommentClose, canSeeComments } from "./comment.policy.js";

const actor = (id: number, role: Actor["role"], via: Actor["via"] = "session", scope?: "read" | "read-write"): Actor => ({
  id,
  role,
  username: `u${id}`,
  via,
  sessionId: via === "session" ? "s" : null,
  ...(scope ? { token: { id: 9, scope } } : {}),
});
type Kind = "PUBLIC" | "PROTECTED" | "PRIVATE" | "ARCHIVED";
const memo = (kind: Kind) => ({
  id: 5,
  creator_id: 2,
  visibility: kind === "ARCHIVED" ? ("PUBLIC" as const) : kind,
  row_status: kind === "ARCHIVED" ? ("ARCHIVED" as const) : ("NORMAL" as const),
});
// The comment's author is 3.
const comment = { id: 7, creator_id: 3 };
// The open ID signs in as a token without a token row (no scope).

const VIEWERS: [string, Viewer][] = [
  ["the memo's author (session)", actor(2, "USER")],
  ["the memo's author (read token)", actor(2, "USER", "token", "read")],
  ["the memo's author (open ID)", actor(2, "USER", "token")],
  ["the comment's author (session)", actor(3, "USER")],
  ["the comment's author (read-write token)", actor(3, "USER", "token", "read-write")],
  ["the comment's author (read token)", actor(3, "USER", "token", "read")],
  ["another member (session)", actor(4, "USER")],
  ["an admin", actor(5, "ADMIN")],
  ["a visitor", null],
];

const statusOf = (run: () => void): number | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

// [memo kind]: viewer → [comment, edit, delete, close] (null: allowed). The comment's author could read the memo
// when they wrote it; a private or archived memo's comments are the author's alone now.
const EXPECTED: Record<Kind, Record<string, (number | null)[]>> = {
  PUBLIC: {
    "the memo's author (session)": [null, 403, null, null],
    "the memo's author (read token)": [403, 403, 403, 403],
    "the memo's author (open ID)": [null, 403, null, null],
    "the comment's author (session)": [null, null, null, 403],
    "the comment's author (read-write token)": [null, null, null, 403],
    "the comment's author (read token)": [403, 403, 403, 403],
    "another member (session)": [null, 403, 403, 403],
    "an admin": [null, 403, 403, 403],
    "a visitor": [401, 401, 401, 401],
  },
  PROTECTED: {
    "the memo's author (session)": [null, 403, null, null],
    "the memo's author (read token)": [403, 403, 403, 403],
    "the memo's author (open ID)": [null, 403, null, null],
    "the comment's author (session)": [null, null, null, 403],
    "the comment's author (read-write token)": [null, null, null, 403],
    "the comment's author (read token)": [403, 403, 403, 403],
    "another member (session)": [null, 403, 403, 403],
    "an admin": [null, 403, 403, 403],
    "a visitor": [403, 404, 404, 403],
  },
  PRIVATE: {
    "the memo's author (session)": [null, 403, null, null],
    "the memo's author (read token)": [403, 403, 403, 403],
    "the memo's author (open ID)": [null, 403, null, null],
    "the comment's author (session)": [403, 404, 404, 403],
    "the comment's author (read-write token)": [403, 404, 404, 403],
    "the comment's author (read token)": [403, 404, 404, 403],
    "another member (session)": [403, 404, 404, 403],
    "an admin": [403, 404, 404, 403],
    "a visitor": [403, 404, 404, 403],
  },
  ARCHIVED: {
    "the memo's author (session)": [null, 403, null, null],
    "the memo's author (read token)": [403, 403, 403, 403],
    "the memo's author (open ID)": [null, 403, null, null],
    "the comment's author (session)": [404, 404, 404, 404],
    "the comment's author (read-write token)": [404, 404, 404, 404],
    "the comment's author (read token)": [404, 404, 404, 404],
    "another member (session)": [404, 404, 404, 404],
    "an admin": [404, 404, 404, 404],
    "a visitor": [404, 404, 404, 404],
  },
};

describe.each(Object.keys(EXPECTED) as Kind[])("comments on a %s memo", (kind) => {
  const facts = memo(kind);
  const open = { disabled: false, closed: false };
  it.each(VIEWERS)("%s", (label, viewer) => {
    const got = [
      statusOf(() => authorizeComment(viewer, facts, open)),
      statusOf(() => authorizeCommentChange(viewer, "edit", comment, facts)),
      statusOf(() => authorizeCommentChange(viewer, "delete", comment, facts)),
      statusOf(() => authorizeCommentClose(viewer, facts)),
    ];
    expect(got).toEqual(EXPECTED[kind][label]);
    // Comments are seen by exactly those who may read the memo (a visitor on a public one).
    const reads = kind === "PUBLIC" || (viewer !== null && (viewer.id === 2 || kind === "PROTECTED"));
    expect(canSeeComments(viewer, facts)).toBe(reads);
  });
});

describe("closed or turned-off comments", () => {
  it.each(VIEWERS.filter(([, viewer]) => viewer !== null && viewer.token?.scope !== "read"))("refuse %s", (_label, viewer) => {
    expect(statusOf(() => authorizeComment(viewer, memo("PUBLIC"), { disabled: true, closed: false }))).toBe(403);
    expect(statusOf(() => authorizeComment(viewer, memo("PUBLIC"), { disabled: false, closed: true }))).toBe(403);
  });
});

// The web offers Edit, Delete and Close by common's rules (MemoComments.tsx): on a memo a session may read, the
// policy allows exactly what those rules say, so the web never offers what the server refuses, nor hides what it allows.
describe("the comment policy agrees with common's rules the web shows", () => {
  const sessions = VIEWERS.filter(([, viewer]) => viewer === null || viewer.via === "session");
  it.each(sessions)("%s", (_name, viewer) => {
    const open = memo("PUBLIC");
    const authors = { comment: comment.creator_id, memo: open.creator_id };
    expect({
      edit: statusOf(() => authorizeCommentChange(viewer, "edit", comment, open)) === null,
      delete: statusOf(() => authorizeCommentChange(viewer, "delete", comment, open)) === null,
      close: statusOf(() => authorizeCommentClose(viewer, open)) === null,
    }).toEqual({
      edit: canEditComment(viewer?.id, comment.creator_id),
      delete: canDeleteComment(viewer?.id, authors),
      close: canCloseComments(viewer?.id, open.creator_id),
    });
  });
});
