import { describe, expect, it } from "vitest";
import { parseSearchDay, parseSearchExpression } from "./search-expression.js";

describe("parseSearchExpression", () => {
  it("takes each known key:value out of the words", () => {
    expect(parseSearchExpression("tag:work before:2026-01-01 has:task budget")).toEqual({
      words: "budget",
      tag: "work",
      before: { year: 2026, month: 1, day: 1 },
      has: ["hasTaskList"],
      untagged: false,
    });
    expect(parseSearchExpression("after:2025-06-30 is:untagged visibility:Public has:code has:LINK has:code")).toEqual({
      words: "",
      after: { year: 2025, month: 6, day: 30 },
      has: ["hasCode", "hasLink"],
      untagged: true,
      visibility: "PUBLIC",
    });
  });

  it("keeps the last tag, drops a leading # and keeps a tag's path", () => {
    expect(parseSearchExpression("tag:a tag:#work/meetings").tag).toBe("work/meetings");
  });

  it("leaves unknown keys, bad values, quoted phrases and a regular expression as words", () => {
    expect(parseSearchExpression("see http://x.org color:red has:nothing before:2026-02-30 tag:")).toEqual({
      words: "see http://x.org color:red has:nothing before:2026-02-30 tag:",
      has: [],
      untagged: false,
    });
    expect(parseSearchExpression('"tag:work stays" has:todo').words).toBe('"tag:work stays"');
    expect(parseSearchExpression('"open quote tag:x').words).toBe('"open quote tag:x');
    expect(parseSearchExpression("^tag:(a|b)")).toEqual({ words: "^tag:(a|b)", has: [], untagged: false });
  });
});

describe("parseSearchDay", () => {
  it("reads real calendar days only", () => {
    expect(parseSearchDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    for (const text of ["2025-02-29", "2026-13-01", "2026-1-1", "yesterday", ""]) expect(parseSearchDay(text), text).toBeUndefined();
  });
});
