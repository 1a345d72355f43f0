import { describe, expect, it } from "vitest";
import { extractTags } from "./tags.js";
import { MAX_MEMO_LINKS, memoFirstWords, memoLinkMarkdown, memoLinks, replaceMemoLinks } from "./memo-links.js";

describe("memoLinks", () => {
  it("reads bare /m/<id> and Markdown link targets, distinct, in order", () => {
    expect(memoLinks("[a](/m/3) then /m/2 and again [b](/m/3)")).toEqual([3, 2]);
    expect(memoLinks('/m/7\n(/m/8) </m/9> "/m/10" [x](/m/11#top) /m/12?a=1 /m/13.')).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it("skips code: fenced blocks and inline code", () => {
    expect(memoLinks("```\n/m/1\n```\n`/m/2` /m/3")).toEqual([3]);
  });

  it("skips absolute URLs, longer paths and what is not an id", () => {
    expect(memoLinks("https://x.example/m/1 /x/m/2 /m/3/edit /m/4abc /m/0 /m/05 a/m/6 /m/")).toEqual([]);
  });

  it("keeps at most MAX_MEMO_LINKS", () => {
    const text = Array.from({ length: MAX_MEMO_LINKS + 5 }, (_, i) => `/m/${i + 1}`).join(" ");
    expect(memoLinks(text)).toHaveLength(MAX_MEMO_LINKS);
  });

  it("reads a long memo of near-links in one pass", () => {
    expect(memoLinks(`${"/m/x ".repeat(200_000)} /m/5`)).toEqual([5]);
  });
});

describe("memoLinkMarkdown", () => {
  it("links with the memo's first words, plain", () => {
    expect(memoLinkMarkdown(12, "\n# Trip [plan]\nmore")).toBe("[Trip plan](/m/12)");
    expect(memoLinkMarkdown(5, "")).toBe("[#5](/m/5)");
    expect(memoLinkMarkdown(5, "a ".repeat(50))).toMatch(/^\[a a .*…\]\(\/m\/5\)$/);
  });

  it("keeps a title's #tags out of the link text, their words in", () => {
    const link = memoLinkMarkdown(12, "Trip #travel plan #2026");
    expect(link).toBe("[Trip travel plan 2026](/m/12)");
    // The linking memo does not take the linked memo's tags.
    expect(extractTags(`See ${link}`)).toEqual([]);
  });

  it("is read back as a reference", () => {
    expect(memoLinks(memoLinkMarkdown(42, "hello"))).toEqual([42]);
  });
});

describe("replaceMemoLinks", () => {
  const show = (content: string) => replaceMemoLinks(content, ({ id, label }) => (label === undefined ? `<${id}>` : `<${id}:${label}>`));

  it("replaces a Markdown link whole and a bare reference by its address, in order", () => {
    expect(show("[Trip plan](/m/3) then /m/4, (/m/5) and [top](/m/6#a)!")).toBe("<3:Trip plan> then <4>, (<5>) and <6:top>!");
    expect(show("/m/7?x=1 and /m/8.")).toBe("<7>?x=1 and <8>.");
  });

  it("reads the same references memoLinks reads, and leaves code and other paths as written", () => {
    const text = "```\n/m/1\n```\n`/m/2` [a `b`](/m/3) https://x.example/m/4 /m/5/edit /x/m/6 [c](/m/7/x) /m/8";
    expect(show(text)).toBe("```\n/m/1\n```\n`/m/2` <3:a `b`> https://x.example/m/4 /m/5/edit /x/m/6 [c](/m/7/x) <8>");
    const ids: number[] = [];
    replaceMemoLinks(text, ({ id }) => {
      ids.push(id);
      return "";
    });
    expect(ids).toEqual(memoLinks(text));
  });

  it("gives back the text itself when it holds no reference", () => {
    expect(show("no links here [x](/n/1)")).toBe("no links here [x](/n/1)");
  });

  it("reads a long line of unclosed brackets in one pass", () => {
    expect(show(`${"[a](/m/x ".repeat(100_000)}/m/9`)).toMatch(/<9>$/);
  });
});

describe("memoFirstWords", () => {
  it("names a memo by its first line's words, plain, at most 40 characters", () => {
    expect(memoFirstWords("\n# Trip [plan]\nmore")).toBe("Trip plan");
    expect(memoFirstWords("")).toBe("");
    expect(memoFirstWords("word ".repeat(20))).toMatch(/^word word .*…$/);
    expect([...memoFirstWords("word ".repeat(20))].length).toBeLessThanOrEqual(41);
  });
});
