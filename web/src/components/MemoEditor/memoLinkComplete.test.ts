import { describe, expect, it } from "vitest";
import { completeMemoLink, firstLine, memoLinkQueryAt, ownMemoPath } from "./memoLinkComplete";

describe("memoLinkQueryAt", () => {
  it("finds the [[words before the caret on its line", () => {
    expect(memoLinkQueryAt("see [[trip", 10)).toEqual({ start: 4, text: "trip", end: 10 });
    expect(memoLinkQueryAt("[[", 2)).toEqual({ start: 0, text: "", end: 2 });
    expect(memoLinkQueryAt("[[tr]]", 4)).toEqual({ start: 0, text: "tr", end: 6 });
  });

  it("offers nothing across a line, after a closing bracket, or without [[", () => {
    expect(memoLinkQueryAt("[[a\nb", 5)).toBeNull();
    expect(memoLinkQueryAt("[[a]] b", 7)).toBeNull();
    expect(memoLinkQueryAt("[a", 2)).toBeNull();
    expect(memoLinkQueryAt("", 0)).toBeNull();
  });
});

describe("completeMemoLink", () => {
  it("replaces [[words (and a ]] after them) with a link to the memo", () => {
    const edit = completeMemoLink({ start: 4, text: "tr", end: 8 }, { id: 12, content: "Trip plan\nmore" });
    expect(edit).toEqual({ from: 4, to: 8, insert: "[Trip plan](/m/12)", selectStart: 22, selectEnd: 22 });
  });
});

it("firstLine skips blank lines and shows plain words", () => {
  expect(firstLine("\n  \n hello \nworld")).toBe("hello");
  expect(firstLine("Packing, see [Trip plan](/m/1) and ![img](/o/r/1/a.png)")).toBe("Packing, see Trip plan and img");
  expect(firstLine("## Title")).toBe("Title");
  expect(firstLine("- [ ] todo")).toBe("todo");
  expect(firstLine("> quote")).toBe("quote");
});

it("ownMemoPath makes a pasted memo URL of this instance relative, and nothing else", () => {
  expect(ownMemoPath(" https://memos.example/m/12\n", "https://memos.example")).toBe("/m/12");
  expect(ownMemoPath("https://other.example/m/12", "https://memos.example")).toBeNull();
  expect(ownMemoPath("https://memos.example/m/12/embed", "https://memos.example")).toBeNull();
  expect(ownMemoPath("https://memos.example/m/12 and more", "https://memos.example")).toBeNull();
});
