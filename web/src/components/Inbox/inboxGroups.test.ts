import type { MemoInboxItem } from "@memos/common";
import { describe, expect, it } from "vitest";
import { commentOfHash } from "../Comments/commentAnchor";
import { groupInbox, inboxEntryPath, inboxMessageKey, type MemoInboxEntry } from "./inboxGroups";

let id = 100;
const item = (kind: MemoInboxItem["kind"], memoId: number, actor: string, extra: Partial<MemoInboxItem> = {}): MemoInboxItem => ({
  id: id--,
  kind,
  memoId,
  snippet: `memo ${memoId}`,
  actor: { id: actor.length, name: actor },
  createdTs: 1000 + id,
  read: false,
  ...extra,
});

describe("groupInbox", () => {
  it("collapses reactions in a row on one memo, keeping who and which emoji once each", () => {
    const entries = groupInbox([
      item("reaction", 1, "ann", { emoji: "🎉" }),
      item("reaction", 1, "bob", { emoji: "👍", read: true }),
      item("reaction", 1, "ann", { emoji: "👍" }),
      item("mention", 1, "cid"),
      item("reaction", 1, "dan", { emoji: "🎉" }),
      item("reaction", 2, "eve", { emoji: "🎉" }),
    ]) as MemoInboxEntry[];
    expect(entries.map((entry) => [entry.kind, entry.memoId, entry.actors, entry.emojis, entry.items.length])).toEqual([
      ["reaction", 1, ["ann", "bob"], ["🎉", "👍"], 3],
      ["mention", 1, ["cid"], [], 1],
      ["reaction", 1, ["dan"], ["🎉"], 1],
      ["reaction", 2, ["eve"], ["🎉"], 1],
    ]);
    expect(entries[0]!.read).toBe(false);
  });

  it("collapses reactions to one comment, apart from those to its memo or to another comment", () => {
    const entries = groupInbox([
      item("reaction", 1, "ann", { emoji: "🎉", commentId: 7 }),
      item("reaction", 1, "bob", { emoji: "👍", commentId: 7 }),
      item("reaction", 1, "cid", { emoji: "👍", commentId: 8 }),
      item("reaction", 1, "dan", { emoji: "🎉" }),
    ]) as MemoInboxEntry[];
    expect(entries.map((entry) => [entry.memoId, entry.commentId, entry.actors, entry.emojis])).toEqual([
      [1, 7, ["ann", "bob"], ["🎉", "👍"]],
      [1, 8, ["cid"], ["👍"]],
      [1, undefined, ["dan"], ["🎉"]],
    ]);
  });

  it("keeps an item about the account an entry of its own, between reactions to one memo too", () => {
    const locked = { id: id--, kind: "two-factor-locked" as const, lockedUntilTs: 5000, createdTs: 4100, read: false };
    const entries = groupInbox([item("reaction", 1, "ann", { emoji: "🎉" }), locked, item("reaction", 1, "bob", { emoji: "🎉" })]);
    expect(entries.map((entry) => [entry.kind, entry.items.length])).toEqual([
      ["reaction", 1],
      ["two-factor-locked", 1],
      ["reaction", 1],
    ]);
    expect(entries[1]).toMatchObject({ kind: "two-factor-locked", lockedUntilTs: 5000, createdTs: 4100, read: false });
  });
});

describe("what an entry says and where it opens", () => {
  const entryOf = (kind: MemoInboxItem["kind"], extra: Partial<MemoInboxItem> = {}) =>
    groupInbox([item(kind, 7, "ann", extra)])[0] as MemoInboxEntry;

  it("gives each kind its own words: a memo's mention, a comment's mention, a comment, a reaction to a memo or a comment", () => {
    expect(inboxMessageKey(entryOf("mention"))).toBe("mention");
    expect(inboxMessageKey(entryOf("mention", { commentId: 3 }))).toBe("comment-mention");
    expect(inboxMessageKey(entryOf("comment", { commentId: 3 }))).toBe("comment");
    expect(inboxMessageKey(entryOf("reaction", { emoji: "🎉" }))).toBe("reaction");
    expect(inboxMessageKey(entryOf("reaction", { emoji: "🎉", commentId: 3 }))).toBe("comment-reaction");
  });

  it("opens the memo, at the comment when the entry is about one", () => {
    expect(inboxEntryPath(entryOf("mention"))).toBe("/m/7");
    expect(inboxEntryPath(entryOf("comment", { commentId: 3 }))).toBe("/m/7#comment-3");
    expect(commentOfHash(inboxEntryPath(entryOf("mention", { commentId: 41 })).slice("/m/7".length))).toBe(41);
    expect(commentOfHash("#comment-0")).toBeUndefined();
    expect(commentOfHash("#top")).toBeUndefined();
  });
});
