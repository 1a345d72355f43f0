import { describe, expect, it } from "vitest";
import { markRuns, searchMarks } from "./searchMarks";

const marked = (text: string, terms: string[]) =>
  markRuns(text, terms)
    .filter((run) => run.marked)
    .map((run) => run.text);

describe("searchMarks", () => {
  it("takes the search box's words and phrases; a regular expression marks nothing", () => {
    expect(searchMarks('safari "login fails"')).toEqual(["safari", "login fails"]);
    expect(searchMarks("^log.n")).toEqual([]);
    expect(searchMarks(undefined)).toEqual([]);
    expect(searchMarks("")).toEqual([]);
  });
});

describe("markRuns", () => {
  it("marks every occurrence of each term, in any letter case and order", () => {
    expect(markRuns("Login fails on Safari", ["safari", "login"])).toEqual([
      { text: "Login", marked: true },
      { text: " fails on ", marked: false },
      { text: "Safari", marked: true },
    ]);
    expect(marked("ab AB aB", ["ab"])).toEqual(["ab", "AB", "aB"]);
  });

  it("merges terms that overlap or touch into one run", () => {
    expect(marked("loginfails", ["login", "ginf", "fails"])).toEqual(["loginfails"]);
    expect(marked("aaaa", ["aa"])).toEqual(["aaaa"]);
  });

  it("keeps the text whole without terms or matches, and folds case outside ASCII", () => {
    expect(markRuns("nothing here", [])).toEqual([{ text: "nothing here", marked: false }]);
    expect(markRuns("nothing here", ["zz", ""])).toEqual([{ text: "nothing here", marked: false }]);
    expect(marked("Über ÜBER über", ["über"])).toEqual(["Über", "ÜBER", "über"]);
    // İ lowers to two code units: kept as is, so the marks stay where the text is.
    expect(marked("İstanbul kelvin", ["kelvin"])).toEqual(["kelvin"]);
    expect(marked("学习笔记", ["笔记"])).toEqual(["笔记"]);
  });

  it("the runs put together are the text", () => {
    const text = "a Safari, a login, a SAFARI login";
    expect(
      markRuns(text, ["safari", "login"])
        .map((run) => run.text)
        .join(""),
    ).toBe(text);
  });
});
