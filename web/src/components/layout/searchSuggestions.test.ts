import { describe, expect, it } from "vitest";
import { applySuggestion, searchSuggestions, wordAt } from "./searchSuggestions";

const NOW = new Date(2026, 11, 3, 15, 0);
const TAGS = ["work", "work/meetings", "homework", "travel"];

describe("searchSuggestions", () => {
  it("offers the keys a word begins", () => {
    expect(searchSuggestions("budget ha", 9, TAGS, NOW)).toEqual([{ insert: "has:", key: "has" }]);
    expect(searchSuggestions("t", 1, TAGS, NOW).map((s) => s.insert)).toEqual(["tag:"]);
    expect(searchSuggestions("b", 1, TAGS, NOW).map((s) => s.insert)).toEqual(["before:"]);
  });

  it("offers a key's values: the user's tags (those starting with the text first), properties, visibilities, today", () => {
    expect(searchSuggestions("tag:wo", 6, TAGS, NOW).map((s) => s.insert)).toEqual(["tag:work ", "tag:work/meetings ", "tag:homework "]);
    expect(searchSuggestions("has:", 4, TAGS, NOW).map((s) => s.insert)).toEqual(["has:link ", "has:task ", "has:code ", "has:todo "]);
    expect(searchSuggestions("visibility:p", 12, TAGS, NOW).map((s) => s.insert)).toEqual([
      "visibility:public ",
      "visibility:protected ",
      "visibility:private ",
    ]);
    expect(searchSuggestions("is:", 3, TAGS, NOW).map((s) => s.insert)).toEqual(["is:untagged "]);
    expect(searchSuggestions("before:", 7, TAGS, NOW).map((s) => s.insert)).toEqual(["before:2026-12-03 "]);
  });

  it("offers nothing inside a quoted phrase, for a regular expression, an unknown key or a whole filter", () => {
    expect(searchSuggestions('"ta', 3, TAGS, NOW)).toEqual([]);
    expect(searchSuggestions("^ta", 3, TAGS, NOW)).toEqual([]);
    expect(searchSuggestions("color:", 6, TAGS, NOW)).toEqual([]);
    expect(searchSuggestions("has:task", 8, TAGS, NOW)).toEqual([]);
    expect(searchSuggestions("budget ", 7, TAGS, NOW)).toEqual([]);
  });
});

describe("applySuggestion", () => {
  it("replaces the word under the caret and puts the caret after it", () => {
    expect(applySuggestion("budget ha", 9, { insert: "has:", key: "has" })).toEqual({ text: "budget has:", caret: 11 });
    expect(applySuggestion("tag:wo budget", 6, { insert: "tag:work ", key: "tag" })).toEqual({ text: "tag:work budget", caret: 8 });
  });

  it("finds the word before the caret", () => {
    expect(wordAt("a bc", 4)).toEqual({ start: 2, word: "bc" });
    expect(wordAt("a ", 2)).toBeNull();
  });
});
