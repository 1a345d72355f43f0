// The outbox's rules: joining the queue, showing it in lists, judging an entry against the server, resolving.
import type { Memo } from "@memos/common";
import { describe, expect, it } from "vitest";
import { memoFixture } from "../../test/fixtures";
import { addChange, classify, overlay, resolve, tempId } from "./plan";
import type { ChangeEntry, CreateEntry, OutboxEntry } from "./types";

const USER = 7;
const created = (seq: number, content: string): CreateEntry => ({
  seq,
  userId: USER,
  kind: "create",
  memoId: tempId(seq),
  memo: memoFixture({ id: tempId(seq), content, displayTs: seq }),
  state: { status: "pending" },
});
const changeOf = (entries: OutboxEntry[]) => entries.at(-1) as ChangeEntry;

describe("addChange", () => {
  const memo = memoFixture({ id: 5, content: "server text", updatedTs: 100 });

  it("queues a change on the version shown, remembering the server's updatedTs it was made on", () => {
    const entries = addChange([], memo, { kind: "patch", patch: { content: "mine" } }, 1, USER);
    expect(changeOf(entries)).toMatchObject({
      memoId: 5,
      baseUpdatedTs: 100,
      memo: { content: "mine", updatedTs: 100 },
      state: { status: "pending" },
    });
  });

  it("folds changes to a memo written offline into its entry; deleting it leaves nothing to send", () => {
    const draft = created(1, "offline memo");
    let entries: OutboxEntry[] = [draft];
    entries = addChange(entries, draft.memo, { kind: "patch", patch: { content: "offline memo, edited" } }, 2, USER);
    entries = addChange(entries, draft.memo, { kind: "pin", pinned: true }, 3, USER);
    expect(entries).toHaveLength(1);
    expect((entries[0] as CreateEntry).memo).toMatchObject({ content: "offline memo, edited", pinned: true });
    expect(addChange(entries, draft.memo, { kind: "delete" }, 4, USER)).toEqual([]);
  });
});

describe("overlay", () => {
  const server = [memoFixture({ id: 1, content: "one" }), memoFixture({ id: 2, content: "two" }), memoFixture({ id: 3, content: "three" })];

  it("shows offline memos first, edits in place, and hides what was deleted or archived here", () => {
    let entries: OutboxEntry[] = [created(10, "new here")];
    entries = addChange(entries, server[0]!, { kind: "patch", patch: { content: "one, edited" } }, 11, USER);
    entries = addChange(entries, server[1]!, { kind: "delete" }, 12, USER);
    entries = addChange(entries, server[2]!, { kind: "patch", patch: { rowStatus: "ARCHIVED" } }, 13, USER);
    expect(overlay(server, entries).map((memo) => memo.content)).toEqual(["new here", "one, edited"]);
    expect(overlay([{ ...server[2]!, rowStatus: "ARCHIVED" } as Memo], entries, true).map((memo) => memo.content)).toEqual(["three"]);
  });

  it("puts a memo written offline where the server will list it: under the pinned ones, among the rest by time", () => {
    const listed = [
      memoFixture({ id: 1, content: "pinned", pinned: true, displayTs: 5 }),
      memoFixture({ id: 2, content: "newer", displayTs: 50 }),
      memoFixture({ id: 3, content: "older", displayTs: 20 }),
    ];
    const entries: OutboxEntry[] = [created(30, "written offline")];
    expect(overlay(listed, entries).map((memo) => memo.content)).toEqual(["pinned", "newer", "written offline", "older"]);
    const pinnedHere = addChange(entries, (entries[0] as CreateEntry).memo, { kind: "pin", pinned: true }, 31, USER);
    expect(overlay(listed, pinnedHere).map((memo) => memo.content)).toEqual(["written offline", "pinned", "newer", "older"]);
  });

  it("keeps a conflicted memo on screen even when the server no longer lists it", () => {
    const entries = addChange([], server[0]!, { kind: "patch", patch: { content: "mine" } }, 1, USER).map((entry) => ({
      ...entry,
      state: { status: "conflict" as const, problem: "deleted" as const },
    }));
    expect(overlay(server.slice(1), entries).map((memo) => memo.content)).toEqual(["mine", "two", "three"]);
  });
});

describe("classify", () => {
  const base = memoFixture({ id: 4, updatedTs: 100 });
  const entry = (change: ChangeEntry["change"]) => changeOf(addChange([], base, change, 1, USER));

  it("sends a change made on the server's current version", () => {
    expect(classify(entry({ kind: "patch", patch: { content: "x" } }), base)).toEqual({ action: "send" });
  });

  it("calls a content edit on an older version a conflict, with their version", () => {
    const theirs = { ...base, content: "theirs", updatedTs: 130 };
    expect(classify(entry({ kind: "patch", patch: { content: "x" } }), theirs)).toEqual({ action: "conflict", problem: "changed", theirs });
    expect(classify(entry({ kind: "patch", patch: { visibility: "PUBLIC" } }), theirs).action).toBe("conflict");
  });

  it("lets pins and archiving through over edits made elsewhere", () => {
    const theirs = { ...base, updatedTs: 130 };
    expect(classify(entry({ kind: "pin", pinned: true }), theirs)).toEqual({ action: "send" });
    expect(classify(entry({ kind: "patch", patch: { rowStatus: "ARCHIVED" } }), theirs)).toEqual({ action: "send" });
  });

  it("drops a delete of a memo already gone; any other change to it is a conflict", () => {
    expect(classify(entry({ kind: "delete" }), null)).toEqual({ action: "drop" });
    expect(classify(entry({ kind: "pin", pinned: true }), null)).toEqual({ action: "conflict", problem: "deleted" });
  });
});

describe("resolve", () => {
  const memo = memoFixture({ id: 9, content: "server", updatedTs: 100 });
  const theirs = { ...memo, content: "theirs", updatedTs: 150 };
  const conflicted = (): OutboxEntry[] => {
    let entries = addChange([], memo, { kind: "patch", patch: { content: "mine" } }, 1, USER);
    entries = addChange(entries, { ...memo, content: "mine" }, { kind: "pin", pinned: true }, 2, USER);
    entries = [...entries, created(3, "another memo")];
    return entries.map((entry) => (entry.seq === 1 ? { ...entry, state: { status: "conflict", problem: "changed", theirs } } : entry));
  };

  it("keep mine: the edit goes again, over their version", () => {
    const entries = resolve(conflicted(), 1, "keep-mine", 50);
    expect(entries[0]).toMatchObject({ seq: 1, baseUpdatedTs: 150, state: { status: "pending" } });
    expect(entries).toHaveLength(3);
  });

  it("take theirs: every local change to that memo is dropped, other memos stay", () => {
    expect(resolve(conflicted(), 1, "take-theirs", 50).map((entry) => entry.seq)).toEqual([3]);
  });

  it("copy mine: the local version becomes a new memo, theirs stays as it is", () => {
    const entries = resolve(conflicted(), 1, "copy-mine", 50);
    expect(entries.map((entry) => entry.seq)).toEqual([3, 50]);
    expect(entries[1]).toMatchObject({ kind: "create", memoId: tempId(50), memo: { id: tempId(50), content: "mine" } });
  });

  it("keep mine on a deleted memo makes it again", () => {
    const gone = conflicted().map((entry) =>
      entry.seq === 1 ? { ...entry, state: { status: "conflict" as const, problem: "deleted" as const } } : entry,
    );
    expect(resolve(gone, 1, "keep-mine", 60).at(-1)).toMatchObject({ kind: "create", memo: { content: "mine" } });
  });
});
