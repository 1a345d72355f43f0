import { describe, expect, it } from "vitest";
import { changesWords, wordDiff } from "./wordDiff";

describe("wordDiff", () => {
  it("marks the words removed and added, keeping the rest", () => {
    const parts = wordDiff("buy milk and bread", "buy oat milk and eggs");
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["oat", "eggs"]);
    expect(parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["bread"]);
    // Read in order, the old parts give the older text and the new parts the newer one.
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe("buy milk and bread");
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe("buy oat milk and eggs");
  });

  it("keeps line breaks and CJK text", () => {
    const parts = wordDiff("第一行\n#todo", "第一行\n#done");
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe("第一行\n#done");
    expect(changesWords(parts)).toBe(true);
  });

  it("says when only whitespace changed", () => {
    expect(changesWords(wordDiff("a b", "a  b"))).toBe(false);
    expect(changesWords(wordDiff("same", "same"))).toBe(false);
  });
});
