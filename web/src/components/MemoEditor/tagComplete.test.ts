import { describe, expect, it } from "vitest";
import { completeTag, matchTags, tagQueryAt } from "./tagComplete";
import { applyEdit } from "./textOps";

/** `|` marks the caret. */
const at = (marked: string) => tagQueryAt(marked.replace("|", ""), marked.indexOf("|"));

describe("tagQueryAt", () => {
  it("finds the #word at the caret, at a line start or after a space", () => {
    expect(at("#wo|")).toEqual({ hash: 0, text: "wo", end: 3 });
    expect(at("note #wo|")).toEqual({ hash: 5, text: "wo", end: 8 });
    expect(at("a\n#日本|")).toEqual({ hash: 2, text: "日本", end: 5 });
    expect(at("#work/de|")).toMatchObject({ text: "work/de" });
  });

  it("reaches past the caret to the end of the word being edited", () => {
    expect(at("#wo|rk next")).toEqual({ hash: 0, text: "wo", end: 5 });
  });

  it("offers nothing for a bare #, a heading, a # inside a word, or after a space", () => {
    expect(at("#|")).toBeNull();
    expect(at("# Heading|")).toBeNull();
    expect(at("## x|")).toBeNull();
    expect(at("##x|")).toBeNull();
    expect(at("a#b|")).toBeNull();
    expect(at("#done |")).toBeNull();
    expect(at("plain|")).toBeNull();
  });
});

describe("matchTags", () => {
  const tags = [
    { name: "work", count: 3 },
    { name: "work/deep", count: 9 },
    { name: "homework", count: 20 },
    { name: "Writing", count: 1 },
    { name: "read/worklog", count: 2 },
    { name: "idea", count: 5 },
  ];
  const names = (text: string, limit?: number) => matchTags(tags, text, limit).map((tag) => tag.name);

  it("puts prefixes first, then segment prefixes, then substrings; the most used first in each", () => {
    expect(names("wor")).toEqual(["work/deep", "work", "read/worklog", "homework"]);
    expect(names("deep")).toEqual(["work/deep"]);
  });

  it("ignores case, drops what does not match, and keeps to the limit", () => {
    expect(names("WRI")).toEqual(["Writing"]);
    expect(names("zzz")).toEqual([]);
    expect(names("w", 2)).toEqual(["work/deep", "work"]);
  });

  it("orders equal counts by name", () => {
    expect(
      matchTags(
        [
          { name: "b", count: 1 },
          { name: "a", count: 1 },
        ],
        "",
      ).map((tag) => tag.name),
    ).toEqual(["a", "b"]);
  });
});

describe("completeTag", () => {
  it("replaces the typed word with the tag, keeps the space after it, and puts the caret past the space", () => {
    const value = "see #wo and";
    const query = tagQueryAt(value, 7)!;
    expect(applyEdit({ value, start: 7, end: 7 }, completeTag(value, query, "work/deep"))).toEqual({
      value: "see #work/deep and",
      start: 15,
      end: 15,
    });
  });

  it("replaces the rest of a word the caret is inside", () => {
    const value = "#wxyz";
    const query = tagQueryAt(value, 2)!;
    expect(applyEdit({ value, start: 2, end: 2 }, completeTag(value, query, "work"))).toEqual({ value: "#work ", start: 6, end: 6 });
  });
});
