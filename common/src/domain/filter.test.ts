import { describe, expect, it } from "vitest";
import type { Visibility } from "./constants.js";
import {
  evaluateFilter,
  evaluateFilters,
  type Filter,
  type FilterOperator,
  type FilterRelation,
  type FilterType,
  parseFilterDate,
  parseShortcutPayload,
  renameTagInShortcutPayload,
  serializeShortcutPayload,
} from "./filter.js";

const memo = (content: string, visibility: Visibility = "PRIVATE", displayTs = 0) => ({ content, visibility, displayTs });
const filter = (type: FilterType, operator: FilterOperator, value: string, relation: FilterRelation = "AND"): Filter => ({
  type,
  value: { operator, value },
  relation,
});
const seconds = (local: string) => new Date(local).getTime() / 1000;

describe("TAG filters", () => {
  const tagged = memo("Meeting #work/project/alpha and #home");

  it.each([
    ["work", true],
    ["work/project", true],
    ["work/project/alpha", true],
    ["home", true],
    ["wor", false],
    ["project", false],
    ["alpha", false],
    ["work/proj", false],
  ])("CONTAIN %s → %s (hierarchical prefixes count)", (value, expected) => {
    expect(evaluateFilter(tagged, filter("TAG", "CONTAIN", value))).toBe(expected);
  });

  it("NOT_CONTAIN negates", () => {
    expect(evaluateFilter(tagged, filter("TAG", "NOT_CONTAIN", "work"))).toBe(false);
    expect(evaluateFilter(tagged, filter("TAG", "NOT_CONTAIN", "idea"))).toBe(true);
  });

  it("does not count a # inside code", () => {
    expect(evaluateFilter(memo("`#code` only"), filter("TAG", "CONTAIN", "code"))).toBe(false);
    expect(evaluateFilter(memo("```\n#fenced\n```"), filter("TAG", "CONTAIN", "fenced"))).toBe(false);
  });

  it("is exact about case", () => {
    expect(evaluateFilter(memo("#Hello"), filter("TAG", "CONTAIN", "hello"))).toBe(false);
  });
});

describe("TYPE filters", () => {
  it("NOT_TAGGED matches memos without a tag", () => {
    expect(evaluateFilter(memo("plain text"), filter("TYPE", "IS", "NOT_TAGGED"))).toBe(true);
    expect(evaluateFilter(memo("with #tag"), filter("TYPE", "IS", "NOT_TAGGED"))).toBe(false);
    expect(evaluateFilter(memo("with #tag"), filter("TYPE", "IS_NOT", "NOT_TAGGED"))).toBe(true);
    expect(evaluateFilter(memo("a heading-less # space"), filter("TYPE", "IS", "NOT_TAGGED"))).toBe(true);
  });

  it("LINKED matches a markdown link", () => {
    expect(evaluateFilter(memo("see [docs](https://example.com)"), filter("TYPE", "IS", "LINKED"))).toBe(true);
    expect(evaluateFilter(memo("see https://example.com"), filter("TYPE", "IS", "LINKED"))).toBe(false);
    expect(evaluateFilter(memo("[x](y)"), filter("TYPE", "IS_NOT", "LINKED"))).toBe(false);
  });

  it("an unknown type value matches nothing (IS) and everything (IS_NOT)", () => {
    expect(evaluateFilter(memo("x"), filter("TYPE", "IS", "IMAGED"))).toBe(false);
    expect(evaluateFilter(memo("x"), filter("TYPE", "IS_NOT", "IMAGED"))).toBe(true);
  });
});

describe("TEXT filters", () => {
  it("contains, case-insensitively", () => {
    expect(evaluateFilter(memo("Hello World"), filter("TEXT", "CONTAIN", "hello world"))).toBe(true);
    expect(evaluateFilter(memo("Hello World"), filter("TEXT", "CONTAIN", "WORLD"))).toBe(true);
    expect(evaluateFilter(memo("Hello World"), filter("TEXT", "CONTAIN", "planet"))).toBe(false);
    expect(evaluateFilter(memo("Hello World"), filter("TEXT", "NOT_CONTAIN", "planet"))).toBe(true);
    expect(evaluateFilter(memo("三人行，必有我师焉"), filter("TEXT", "CONTAIN", "我师"))).toBe(true);
  });

  it("treats a leading ^ as a regular expression (case-sensitive, as v0)", () => {
    expect(evaluateFilter(memo("order 1234"), filter("TEXT", "CONTAIN", "^\\d{4}"))).toBe(true);
    expect(evaluateFilter(memo("order 12"), filter("TEXT", "CONTAIN", "^\\d{4}"))).toBe(false);
    expect(evaluateFilter(memo("Hello"), filter("TEXT", "CONTAIN", "^hello"))).toBe(false);
    expect(evaluateFilter(memo("Hello"), filter("TEXT", "NOT_CONTAIN", "^H.llo"))).toBe(false);
    // The regex is not anchored by the ^ prefix: `^abc` searches for abc anywhere.
    expect(evaluateFilter(memo("xx abc"), filter("TEXT", "CONTAIN", "^abc"))).toBe(true);
  });

  it("never throws on an invalid regular expression", () => {
    expect(evaluateFilter(memo("(a"), filter("TEXT", "CONTAIN", "^(a"))).toBe(false);
    expect(evaluateFilter(memo("(a"), filter("TEXT", "NOT_CONTAIN", "^(a"))).toBe(true);
  });
});

describe("DISPLAY_TIME filters", () => {
  const noon = memo("x", "PRIVATE", seconds("2023-01-15T12:00:00"));

  it("BEFORE and AFTER compare the display time", () => {
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "BEFORE", "2023-01-16"))).toBe(true);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "BEFORE", "2023-01-15"))).toBe(false);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "AFTER", "2023-01-15"))).toBe(true);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "AFTER", "2023-01-15 13:00"))).toBe(false);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "BEFORE", "2023-01-15T12:30"))).toBe(true);
  });

  it("is strict at the bound", () => {
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "BEFORE", "2023-01-15 12:00:00"))).toBe(false);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "AFTER", "2023-01-15 12:00:00"))).toBe(false);
  });

  it("an unreadable date lets nothing through", () => {
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "BEFORE", "not a date"))).toBe(false);
    expect(evaluateFilter(noon, filter("DISPLAY_TIME", "AFTER", "2023-02-30"))).toBe(false);
  });

  it("reads plain dates in local time", () => {
    expect(parseFilterDate("2023-01-15")).toBe(new Date(2023, 0, 15).getTime());
    expect(parseFilterDate("2023-1-5 08:30")).toBe(new Date(2023, 0, 5, 8, 30).getTime());
    expect(parseFilterDate("2023-01-15T00:00:00Z")).toBe(Date.UTC(2023, 0, 15));
  });
});

describe("VISIBILITY filters", () => {
  it("IS and IS_NOT", () => {
    expect(evaluateFilter(memo("x", "PUBLIC"), filter("VISIBILITY", "IS", "PUBLIC"))).toBe(true);
    expect(evaluateFilter(memo("x", "PRIVATE"), filter("VISIBILITY", "IS", "PUBLIC"))).toBe(false);
    expect(evaluateFilter(memo("x", "PRIVATE"), filter("VISIBILITY", "IS_NOT", "PUBLIC"))).toBe(true);
    expect(evaluateFilter(memo("x", "PROTECTED"), filter("VISIBILITY", "IS_NOT", "PROTECTED"))).toBe(false);
  });
});

describe("empty values", () => {
  it.each(["TAG", "TYPE", "TEXT", "DISPLAY_TIME", "VISIBILITY"] as const)("%s with an empty value always passes", (type) => {
    expect(evaluateFilter(memo("#a"), filter(type, "NOT_CONTAIN", ""))).toBe(true);
    expect(evaluateFilter(memo("#a"), filter(type, "IS", ""))).toBe(true);
  });
});

describe("evaluateFilters folding", () => {
  const work = memo("#work report", "PUBLIC");
  const pass = filter("TAG", "CONTAIN", "work");
  const fail = filter("TAG", "CONTAIN", "home");

  it("no filters → true", () => {
    expect(evaluateFilters(work, [])).toBe(true);
  });

  it("AND needs every filter", () => {
    expect(evaluateFilters(work, [pass, filter("VISIBILITY", "IS", "PUBLIC")])).toBe(true);
    expect(evaluateFilters(work, [pass, fail])).toBe(false);
    expect(evaluateFilters(work, [fail, pass])).toBe(false);
  });

  it("OR recovers a failed AND", () => {
    expect(evaluateFilters(work, [fail, { ...pass, relation: "OR" }])).toBe(true);
    expect(evaluateFilters(work, [fail, { ...fail, relation: "OR" }])).toBe(false);
  });

  it("keeps v0's quirk: seeded with true, an OR alone always passes", () => {
    expect(evaluateFilters(work, [{ ...fail, relation: "OR" }])).toBe(true);
    expect(
      evaluateFilters(work, [
        { ...fail, relation: "OR" },
        { ...fail, relation: "OR" },
      ]),
    ).toBe(true);
  });

  it("folds left to right", () => {
    // ((true && fail) || pass) && fail → false
    expect(evaluateFilters(work, [fail, { ...pass, relation: "OR" }, fail])).toBe(false);
    // ((true && pass) && fail) || pass → true
    expect(evaluateFilters(work, [pass, fail, { ...pass, relation: "OR" }])).toBe(true);
  });

  it("the seed shortcut inbox shows untagged memos", () => {
    const inbox = parseShortcutPayload('[{"type":"TYPE","value":{"operator":"IS","value":"NOT_TAGGED"},"relation":"AND"}]');
    expect(evaluateFilters(memo("no tags here"), inbox)).toBe(true);
    expect(evaluateFilters(work, inbox)).toBe(false);
  });
});

describe("parseShortcutPayload", () => {
  it("reads a valid payload and round-trips", () => {
    const filters = [filter("TAG", "CONTAIN", "a"), filter("TEXT", "NOT_CONTAIN", "b", "OR")];
    expect(parseShortcutPayload(serializeShortcutPayload(filters))).toEqual(filters);
  });

  it.each([
    ["", []],
    ["not json", []],
    ["{}", []],
    ["null", []],
    ["42", []],
    ['"x"', []],
    [null, []],
    [undefined, []],
  ])("never throws: %j → []", (text, expected) => {
    expect(parseShortcutPayload(text)).toEqual(expected);
  });

  it("skips malformed entries and fills defaults", () => {
    const text = JSON.stringify([
      null,
      "x",
      { type: "BOGUS", value: { operator: "IS", value: "a" } },
      { type: "TAG", value: { operator: "NOPE", value: "a" } },
      { type: "TAG" },
      { type: "TAG", value: { operator: "CONTAIN" } },
      { type: "VISIBILITY", value: { operator: "IS", value: "PUBLIC" }, relation: "XOR" },
      { type: "TEXT", value: { operator: "CONTAIN", value: 12 }, relation: "OR" },
    ]);
    expect(parseShortcutPayload(text)).toEqual([
      filter("TAG", "CONTAIN", ""),
      filter("VISIBILITY", "IS", "PUBLIC"),
      filter("TEXT", "CONTAIN", "12", "OR"),
    ]);
  });
});

describe("renameTagInShortcutPayload", () => {
  const tag = (value: unknown, operator = "CONTAIN") => ({ type: "TAG", value: { operator, value }, relation: "AND" });

  it("moves TAG filters on the tag and its children, whatever the operator, and keeps the rest as it was", () => {
    const text = { type: "TEXT", value: { operator: "CONTAIN", value: "work" }, relation: "OR" };
    const payload = JSON.stringify([tag("work"), tag("work/a", "NOT_CONTAIN"), tag("workshop"), tag("my/work"), text]);
    expect(JSON.parse(renameTagInShortcutPayload(payload, "work", "job")!)).toEqual([
      tag("job"),
      tag("job/a", "NOT_CONTAIN"),
      tag("workshop"),
      tag("my/work"),
      text,
    ]);
  });

  it("keeps what the filters carry beyond the v0 model, and entries it cannot read", () => {
    const extra = { ...tag("work"), id: 7, value: { operator: "CONTAIN", value: "work", note: "x" } };
    const payload = JSON.stringify([extra, "junk", { type: "TAG" }]);
    expect(JSON.parse(renameTagInShortcutPayload(payload, "work", "job")!)).toEqual([
      { ...extra, value: { ...extra.value, value: "job" } },
      "junk",
      { type: "TAG" },
    ]);
  });

  it("reads a numeric tag value as v0 did", () => {
    expect(JSON.parse(renameTagInShortcutPayload(JSON.stringify([tag(2024)]), "2024", "y2024")!)).toEqual([tag("y2024")]);
  });

  it("answers null when nothing changes", () => {
    expect(renameTagInShortcutPayload(JSON.stringify([tag("other")]), "work", "job")).toBeNull();
    expect(renameTagInShortcutPayload("not json", "work", "job")).toBeNull();
    expect(renameTagInShortcutPayload('{"type":"TAG"}', "work", "job")).toBeNull();
    expect(renameTagInShortcutPayload("[]", "work", "job")).toBeNull();
  });
});
