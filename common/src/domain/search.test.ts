import { describe, expect, it } from "vitest";
import { parseSearch } from "./search.js";

const terms = (input: string) => {
  const parsed = parseSearch(input);
  return parsed.kind === "terms" ? parsed.terms : parsed;
};

describe("parseSearch", () => {
  it("splits words at white space, extra spaces included", () => {
    expect(terms("safari login")).toEqual(["safari", "login"]);
    expect(terms("  safari \t  login\n ")).toEqual(["safari", "login"]);
    expect(terms("")).toEqual([]);
    expect(terms("   ")).toEqual([]);
  });

  it("keeps a quoted phrase as written, spaces included, beside words", () => {
    expect(terms('safari "login fails"')).toEqual(["safari", "login fails"]);
    expect(terms('"login  fails" safari')).toEqual(["login  fails", "safari"]);
    expect(terms('"a b""c d"')).toEqual(["a b", "c d"]);
  });

  it("runs an unbalanced quote to the end, and ends a word at a quote", () => {
    expect(terms('safari "login fails')).toEqual(["safari", "login fails"]);
    expect(terms('abc"def ghi"jkl')).toEqual(["abc", "def ghi", "jkl"]);
    expect(terms('"')).toEqual([]);
    expect(terms('"" x "   "')).toEqual(["x"]);
  });

  it("counts a term given twice once, in any letter case", () => {
    expect(terms("Safari safari SAFARI login")).toEqual(["Safari", "login"]);
  });

  it("splits CJK at spaces (the ideographic one too), never inside a run", () => {
    expect(terms("学习笔记")).toEqual(["学习笔记"]);
    expect(terms("学习\u3000笔记 日本語")).toEqual(["学习", "笔记", "日本語"]);
  });

  it("reads a leading ^ as a regular expression, taken as written", () => {
    expect(parseSearch("^foo bar")).toEqual({ kind: "regex", pattern: "foo bar" });
    expect(parseSearch('  ^a"b')).toEqual({ kind: "regex", pattern: 'a"b' });
    expect(terms("a^b")).toEqual(["a^b"]);
  });

  it("reads a text of the cap's length (256) in one pass", () => {
    const long = "ab ".repeat(85);
    expect(terms(long)).toEqual(["ab"]);
  });
});
