import { describe, expect, it } from "vitest";
import { MEMO_PROPERTIES, MEMO_PROPERTY_BITS, memoPropertiesOf, memoPropertyFlags } from "./memo-properties.js";

describe("memoPropertiesOf", () => {
  it("finds links that start a word, task items at a line's start, and code", () => {
    expect(memoPropertiesOf("see https://example.com")).toMatchObject({ hasLink: true });
    expect(memoPropertiesOf("(http://x.y)")).toMatchObject({ hasLink: true });
    expect(memoPropertiesOf("xhttps://x.y and https:// alone")).toMatchObject({ hasLink: false });
    expect(memoPropertiesOf("intro\n  - [x] done")).toMatchObject({ hasTaskList: true, hasIncompleteTasks: false });
    expect(memoPropertiesOf("+ [ ] open")).toMatchObject({ hasTaskList: true, hasIncompleteTasks: true });
    expect(memoPropertiesOf("not a task: - [ ] here")).toMatchObject({ hasTaskList: false, hasIncompleteTasks: false });
    expect(memoPropertiesOf("a `span` of code")).toMatchObject({ hasCode: true });
    expect(memoPropertiesOf("```\nblock")).toMatchObject({ hasCode: true });
    expect(memoPropertiesOf("one ` tick\nand ` another")).toMatchObject({ hasCode: false });
  });
});

describe("memoPropertyFlags", () => {
  it("holds each property memoPropertiesOf finds as its own bit", () => {
    expect(new Set(Object.values(MEMO_PROPERTY_BITS)).size).toBe(MEMO_PROPERTIES.length);
    for (const content of ["", "plain", "- [ ] call https://x", "a `span`", "* [x] done", "```\nblock\n```\n+ [ ] open (http://a.b)"]) {
      const properties = memoPropertiesOf(content);
      const flags = memoPropertyFlags(content);
      for (const property of MEMO_PROPERTIES)
        expect((flags & MEMO_PROPERTY_BITS[property]) !== 0, `${property} of ${content}`).toBe(properties[property]);
    }
    expect(memoPropertyFlags("- [ ] call https://x")).toBe(11);
  });
});
