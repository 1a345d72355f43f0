// Tags the renderer shows must be the tags the server indexes (common's extractTags).
import { extractTags } from "@memos/common/domain/tags";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";

afterEach(cleanup);

function renderedTags(content: string): string[] {
  const { container } = render(<Markdown content={content} onTagClick={() => {}} />);
  const names = Array.from(container.querySelectorAll("button.md-tag"), (node) => node.textContent!.slice(1));
  cleanup();
  return [...new Set(names)].sort();
}

// v0.10's tag_test.go cases (docs/v0-wire.md#tags-in-content) and everyday memos.
const CASES = [
  "#tag1 ",
  "#tag1 #tag2 ",
  "#tag1 #tag2 \n#tag3 ",
  "#tag1 #tag2 \n#tag3 #tag4 ",
  "#tag1 #tag2 \n#tag3  #tag4 ",
  "#tag1 123123#tag2 \n#tag3  #tag4 ",
  "#Hello 👋 Welcome to memos.",
  "## Meeting notes #project/launch\n1. Pick a date",
  "#TODO this week\n- [x] Set up memos\n- [ ] Write the first #project/launch notes",
  "```ts\nconst a = '#notatag';\n```\nA snippet worth keeping. #code",
  "Read later: [memos on GitHub](https://github.com/usememos/memos) and https://www.sqlite.org/fts5.html #reading",
  "inline `#code` is not a tag, but #this is",
  "> quoted #idea\n\n---\n#after-rule",
  "#中文标签 and #emoji🎉 #a/b/c",
  "#tag, then #tag. and #tag!",
  "| #in-table | b |\n|---|---|\n| 1 | #cell |",
  "[#link-text](https://x.test) #real",
];

describe("tag extraction consistency", () => {
  it.each(CASES)("matches extractTags for %j", (content) => {
    expect(renderedTags(content)).toEqual(extractTags(content));
  });

  it("finds the wire's tag_test expectations", () => {
    expect(renderedTags("#tag1 123123#tag2 \n#tag3  #tag4 ")).toHaveLength(4);
    expect(renderedTags("#tag1 #tag2 \n#tag3  #tag4 ")).toEqual(["tag1", "tag2", "tag3", "tag4"]);
  });
});
