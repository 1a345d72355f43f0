import { describe, expect, it } from "vitest";
import { FOLD_MAX_CHARS, FOLD_MAX_LINES, foldedByLength, foldMemo } from "./fold";

const lines = (n: number, text = "line") => Array.from({ length: n }, (_, i) => `${text} ${i + 1}`).join("\n");

describe("foldedByLength", () => {
  it("leaves a memo of up to 12 lines and 500 characters whole", () => {
    expect(foldedByLength(lines(FOLD_MAX_LINES))).toBeNull();
    expect(foldedByLength("x".repeat(FOLD_MAX_CHARS))).toBeNull();
    expect(foldedByLength(`${lines(FOLD_MAX_LINES)}\n\n\n`)).toBeNull();
  });

  it("keeps the first 12 lines of a longer memo", () => {
    expect(foldedByLength(lines(13))).toBe(lines(12));
    expect(foldedByLength(lines(40))).toBe(lines(12));
  });

  it("keeps whole lines within 500 characters", () => {
    const long = Array.from({ length: 8 }, (_, i) => `${i} ${"w".repeat(98)}`).join("\n");
    const head = foldedByLength(long)!;
    expect(head.split("\n")).toHaveLength(4);
    expect(head.length).toBeLessThanOrEqual(FOLD_MAX_CHARS);
    expect(long.startsWith(head)).toBe(true);
  });

  it("cuts a single long paragraph at a space, with an ellipsis", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const head = foldedByLength(words)!;
    expect(head.endsWith("…")).toBe(true);
    expect(head.length).toBeLessThanOrEqual(FOLD_MAX_CHARS + 1);
    expect(words.startsWith(head.slice(0, -1))).toBe(true);
    expect(head.slice(0, -1)).toMatch(/word\d+$/);
  });

  it("never splits a surrogate pair", () => {
    const head = foldedByLength("😀".repeat(400))!;
    expect(head.slice(0, -1)).toBe("😀".repeat(head.slice(0, -1).length / 2));
  });

  it("closes a code block the cut leaves open", () => {
    const content = `intro\n\`\`\`ts\n${lines(20, "code")}\n\`\`\``;
    const head = foldedByLength(content)!;
    expect(head.split("\n").slice(0, 12)).toEqual(content.split("\n").slice(0, 12));
    expect(head.endsWith("\n```")).toBe(true);
  });
});

describe("foldMemo", () => {
  it("folds at the first rule line, as before", () => {
    expect(foldMemo("intro\n\n---\nrest")).toBe("intro");
    expect(foldMemo("short")).toBeNull();
  });

  it("folds a long memo without a rule by length", () => {
    expect(foldMemo(lines(20))).toBe(lines(12));
  });

  it("shortens a long part before the rule too", () => {
    expect(foldMemo(`${lines(20)}\n---\nrest`)).toBe(lines(12));
  });
});
