// Table test: a user hears of a memo (a mention, an inbox item) exactly when they may read it, whatever their role.
import { describe, expect, it } from "vitest";
import { asReader, mayHearOf, mayShowInboxItem } from "./inbox.policy.js";

const memo = (visibility: "PUBLIC" | "PROTECTED" | "PRIVATE", row_status: "NORMAL" | "ARCHIVED" = "NORMAL") => ({
  id: 5,
  creator_id: 2,
  visibility,
  row_status,
});

describe.each<["USER" | "ADMIN" | "HOST", number]>([
  ["USER", 3],
  ["ADMIN", 4],
  ["HOST", 1],
])("another %s", (role, id) => {
  const reader = asReader({ id, role, username: `u${id}` });
  it.each<[string, ReturnType<typeof memo>, boolean]>([
    ["public", memo("PUBLIC"), true],
    ["protected", memo("PROTECTED"), true],
    ["private", memo("PRIVATE"), false],
    ["archived public", memo("PUBLIC", "ARCHIVED"), false],
  ])("hears of a %s memo: %s", (_label, facts, expected) => {
    expect(mayHearOf(reader, facts)).toBe(expected);
  });
});

describe("the memo's author", () => {
  it("hears of each of their own memos, private and archived too", () => {
    const author = asReader({ id: 2, role: "USER", username: "u2" });
    for (const facts of [memo("PRIVATE"), memo("PUBLIC", "ARCHIVED")]) expect(mayHearOf(author, facts)).toBe(true);
  });
});

describe("the inbox's owner", () => {
  const owner = asReader({ id: 3, role: "USER", username: "u3" });
  const item = (facts: ReturnType<typeof memo>) => ({ ...facts, memo_id: facts.id });
  it.each<[string, Parameters<typeof mayShowInboxItem>[1], boolean]>([
    ["an item about their account (no memo)", { memo_id: null }, true],
    ["an item of a public memo", item(memo("PUBLIC")), true],
    ["an item of a memo made private since", item(memo("PRIVATE")), false],
    ["an item of a memo archived since", item(memo("PROTECTED", "ARCHIVED")), false],
  ])("is shown %s: %s", (_label, facts, expected) => {
    expect(mayShowInboxItem(owner, facts)).toBe(expected);
  });
});
