import { describe, expect, it } from "vitest";
import { memoPropertiesOf } from "./memo-properties.js";

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
