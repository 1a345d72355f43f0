// What a v1 memo derives from the text: tags, the property flags and a plain snippet.
import type { Memo } from "@memos/common";
import { describe, expect, it } from "vitest";
import { presentMemo } from "./memo.presenter.js";

const memo = (content: string) =>
  ({
    id: 1,
    rowStatus: "NORMAL",
    creatorId: 1,
    createdTs: 1_700_000_000,
    updatedTs: 1_700_000_000,
    displayTs: 1_700_000_000,
    content,
    visibility: "PUBLIC",
    pinned: false,
    creator: { username: "steven" },
    resourceList: [],
  }) as unknown as Memo;

describe("presentMemo", () => {
  it("names the memo and its creator, and reads tags and flags from the text", () => {
    const presented = presentMemo(memo("# Plan\n- [ ] call #work/q3\n- [x] done\nsee https://example.com and `code`"), "abc");
    expect(presented).toMatchObject({ name: "memos/abc", creator: "users/steven", tags: ["work/q3"] });
    expect(presented.property).toEqual({ hasLink: true, hasTaskList: true, hasCode: true, hasIncompleteTasks: true, title: "Plan" });
  });

  it("makes a plain snippet: Markdown's marks dropped, words with hyphens kept, long text cut", () => {
    expect(presentMemo(memo("## An e-mail\n> **quoted** [link](https://x.y)"), "a").snippet).toBe("An e-mail quoted link");
    expect(presentMemo(memo("word ".repeat(60)), "a").snippet).toMatch(/^(word ){19}word\.\.\.$/);
  });
});
