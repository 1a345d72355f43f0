import { describe, expect, it } from "vitest";
import { addTagsToContent, removeTagsFromContent, renameTagInContent } from "./tag-edit.js";
import { extractTags } from "./tags.js";

describe("renameTagInContent", () => {
  it.each([
    ["#work", "#job"],
    ["#work/a", "#job/a"],
    ["#work/a/b and #work", "#job/a/b and #job"],
    ["#workshop #work-x #work.", "#workshop #work-x #work."],
    ["#homework #my/work", "#homework #my/work"],
    ["start#work end", "start#job end"],
    ["#a#work#b", "#a#job#b"],
    ["line one\n#work\r\nline three #work/x", "line one\n#job\r\nline three #job/x"],
    ["#中文 #work 👋", "#中文 #job 👋"],
  ])("%j → %j", (content, expected) => {
    expect(renameTagInContent(content, "work", "job")).toBe(expected);
  });

  it.each([
    "```\n#work in a fence\n```",
    "```ts\nconst a = '#work';\n```",
    "inline `#work` code",
    "[#work](https://x.example/#work)",
    "![#work](img.png)",
    "https://x.example/page#work",
    "see [Foo](https://en.wikipedia.org/wiki/Foo_(#work))",
  ])("leaves code and links alone: %j", (content) => {
    expect(renameTagInContent(content, "work", "job")).toBe(content);
  });

  it("rewrites the tags around code and links and keeps those", () => {
    const content = "#work `#work` [#work](https://x.example/#work) https://y.example/#work\n```\n#work\n```\n#work/a";
    expect(renameTagInContent(content, "work", "job")).toBe(
      "#job `#work` [#work](https://x.example/#work) https://y.example/#work\n```\n#work\n```\n#job/a",
    );
  });

  it.each([
    ["#work #job", "#job"],
    ["note\n#job #work #other", "note\n#job #other"],
    ["#work/a #job/a and #job", "#job/a and #job"],
    ["#work and later #job", "#job and later #job"],
    ["#work\n#job", "#job\n#job"],
    ["#other #other #work", "#other #other #job"],
  ])("a merge leaves no tag twice in a row: %j → %j", (content, expected) => {
    expect(renameTagInContent(content, "work", "job")).toBe(expected);
  });

  it("renames a child tag alone, and onto a longer or shorter name", () => {
    expect(renameTagInContent("#work/a #work/ab #work", "work/a", "done")).toBe("#done #work/ab #work");
    expect(renameTagInContent("#a/b/c", "a", "x/y/z")).toBe("#x/y/z/b/c");
    expect(renameTagInContent("#long/name/here", "long/name", "s")).toBe("#s/here");
  });

  it("merges onto a tag the memo already holds", () => {
    expect(renameTagInContent("#work #job", "work", "job")).toBe("#job");
    expect(extractTags(renameTagInContent("#work/a #job/a", "work", "job"))).toEqual(["job/a"]);
  });

  it("leaves a run longer than a tag may be (it is not a tag)", () => {
    const long = `#work/${"x".repeat(300)}`;
    expect(renameTagInContent(long, "work", "job")).toBe(long);
  });

  it("returns the content unchanged when it holds no such tag", () => {
    expect(renameTagInContent("", "work", "job")).toBe("");
    expect(renameTagInContent("no tags here", "work", "job")).toBe("no tags here");
  });

  it("gives text whose tags are the renamed ones", () => {
    const content = "#work/a #other `#work` #work\n#work/b/c";
    expect(extractTags(renameTagInContent(content, "work", "job"))).toEqual(["job", "job/a", "job/b/c", "other"]);
  });
});

describe("addTagsToContent", () => {
  it.each([
    ["note", ["a"], "note\n#a"],
    ["note", ["a", "b/c"], "note\n#a #b/c"],
    ["note #a", ["a", "b"], "note #a\n#b"],
    ["note #a", ["a"], "note #a"],
    ["note\n\n", ["a"], "note\n#a"],
    ["note  ", ["a"], "note\n#a"],
    ["", ["a"], "#a"],
    ["  \n", ["a", "b"], "#a #b"],
    ["note", [], "note"],
    ["note", ["a", "a"], "note\n#a"],
  ])("%j + %j → %j", (content, tags, expected) => {
    expect(addTagsToContent(content, tags)).toBe(expected);
  });

  it("adds a tag found only in code or a link, or only as a parent or child", () => {
    expect(addTagsToContent("`#a` [#b](https://x.example/#c)", ["a", "b", "c"])).toBe("`#a` [#b](https://x.example/#c)\n#a #b #c");
    expect(addTagsToContent("#a/b", ["a"])).toBe("#a/b\n#a");
    expect(addTagsToContent("#a", ["a/b"])).toBe("#a\n#a/b");
  });

  it("gives text holding every added tag", () => {
    const content = "```\nfence\n``` [x](https://x.example)";
    expect(extractTags(addTagsToContent(content, ["a", "b/c"]))).toEqual(["a", "b/c"]);
  });
});

describe("removeTagsFromContent", () => {
  it.each([
    ["note #a", ["a"], "note"],
    ["#a note", ["a"], "note"],
    ["one #a two", ["a"], "one two"],
    ["one #a #b two", ["a", "b"], "one two"],
    ["one\t#a\ttwo", ["a"], "one\ttwo"],
    ["glued#a text", ["a"], "glued text"],
    ["#a#b", ["a"], "#b"],
    ["note\n#a", ["a"], "note"],
    ["note\n#a #b", ["a", "b"], "note"],
    ["note\n\n#a\n", ["a"], "note\n\n"],
    ["note\n\n#a", ["a"], "note"],
    ["#a\nnote", ["a"], "note"],
    ["one\n#a\ntwo", ["a"], "one\ntwo"],
    ["one\r\n#a\r\ntwo #a\r\n", ["a"], "one\r\ntwo\r\n"],
    ["#a #a #a", ["a"], ""],
    ["note #b", ["a"], "note #b"],
  ])("%j − %j → %j", (content, tags, expected) => {
    expect(removeTagsFromContent(content, tags)).toBe(expected);
  });

  it("removes the tag itself, never its children, parents or longer names", () => {
    expect(removeTagsFromContent("#a #a/b #ab #x/a", ["a"])).toBe("#a/b #ab #x/a");
    expect(removeTagsFromContent("#a #a/b", ["a/b"])).toBe("#a");
  });

  it("keeps blank lines the memo had, dropping only lines it empties", () => {
    expect(removeTagsFromContent("one\n\ntwo #a\n\nthree", ["a"])).toBe("one\n\ntwo\n\nthree");
  });

  it("never touches code or links", () => {
    const content = "```\n#a\n``` `#a` [#a](https://x.example/#a) https://y.example/#a #a";
    expect(removeTagsFromContent(content, ["a"])).toBe("```\n#a\n``` `#a` [#a](https://x.example/#a) https://y.example/#a");
  });

  it("undoes addTagsToContent", () => {
    const content = "A memo.\nWith two lines #keep";
    expect(removeTagsFromContent(addTagsToContent(content, ["x", "y/z"]), ["x", "y/z"])).toBe(content);
  });

  it("gives text without the removed tags", () => {
    const content = "#a one #b\n#a\n`#a` #c #a";
    expect(extractTags(removeTagsFromContent(content, ["a", "c"]))).toEqual(["b"]);
  });
});
