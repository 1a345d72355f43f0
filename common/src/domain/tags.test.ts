import { describe, expect, it } from "vitest";
import { extractTags, MAX_TAG_LENGTH, readsAsTag, scanTags } from "./tags.js";

describe("extractTags", () => {
  it("stops one tag past `most` distinct ones, and reads them all without it", () => {
    const text = "#d #a #a `#x` #c #b #e";
    expect(extractTags(text, 2)).toEqual(["a", "c", "d"]);
    expect(extractTags(text, 4)).toEqual(["a", "b", "c", "d", "e"]);
    expect(extractTags(text)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("finds tags outside code and links, deduplicated and sorted", () => {
    expect(extractTags("#work/project ok #todo `#not` https://x.example/#frag #todo")).toEqual(["todo", "work/project"]);
  });

  it("takes a run of up to 256 characters after # as a tag, and a longer one as plain text", () => {
    const longest = "é".repeat(MAX_TAG_LENGTH);
    expect(extractTags(`#${longest} #ok`)).toEqual(["ok", longest]);
    expect(extractTags(`#${"x".repeat(MAX_TAG_LENGTH + 1)} #ok`)).toEqual(["ok"]);
  });

  it("skips the text and target of Markdown links, Wikipedia-style parentheses included", () => {
    expect(extractTags("[#no](https://x.example/#frag) ![#img](a.png) #yes")).toEqual(["yes"]);
    expect(extractTags("see [Foo](https://en.wikipedia.org/wiki/Foo_(#bar)) #after")).toEqual(["after"]);
  });

  it("skips formulas, as the web draws no tag chip inside one, and keeps tags beside dollar amounts", () => {
    expect(extractTags("$a #b$ and $$\\#c$$ then #d")).toEqual(["d"]);
    expect(extractTags("$$\n\\text{#x}\n$$\n#after")).toEqual(["after"]);
    expect(extractTags("costs $5 #money and $10 #more")).toEqual(["money", "more"]);
    expect(extractTags("a \\$x #y$ z")).toEqual(["y$"]);
  });

  it("reads a memo of a million dollar signs in one pass", () => {
    expect(extractTags(`${"$".repeat(1_000_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`${"$a ".repeat(300_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`$$ ${"x".repeat(1_000_000)} #end`)).toEqual(["end"]);
  });

  it("reads a memo of a million unclosed brackets in one pass (it took half a minute when each bracket rescanned the line)", () => {
    expect(extractTags(`${"[".repeat(1_000_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`${"[a](".repeat(250_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`${"[a](x(".repeat(150_000)} #end`)).toEqual(["end"]);
  });
});

// The reading before scanTags existed (code and links replaced by one space, then the pattern): the scanner must
// find exactly its tags.
function formerExtractTags(content: string): string[] {
  const stripped = content
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`\n]+`/g, " ")
    .replace(/!?\[[^[\]\n]*\]\((?:[^()\n]|\([^()\n]*\))+\)+/g, " ")
    .replace(/https?:\/\/[^\s]+/g, " ");
  const found = new Set<string>();
  for (const match of stripped.matchAll(/#([^\s#]+)/g)) if (match[1]!.length <= MAX_TAG_LENGTH) found.add(match[1]!);
  return [...found].sort();
}

/** A small deterministic generator (mulberry32): the same strings on every run. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ["#", "a", "b/", " ", "\n", "`", "```", "[", "]", "(", ")", "!", "http://", "https://x", "é", "\t", ".", "#w"];

describe("scanTags", () => {
  it("finds the tags in order with their positions, the text between them untouched", () => {
    const content = "#a `#b` [#c](https://x.example/#d) #e/f\n```\n#g\n```#h";
    const occurrences = scanTags(content);
    expect(occurrences.map((o) => o.tag)).toEqual(["a", "e/f", "h"]);
    for (const { tag, start, end } of occurrences) expect(content.slice(start, end)).toBe(`#${tag}`);
  });

  it("gives extractTags exactly the answers of the former reading on 20,000 random memos", () => {
    const random = randomSource(25);
    // Compared here, and only the differences handed to expect: 40,000 expect calls took seconds on a busy machine.
    const differences: { content: string; found: string[]; former: string[] }[] = [];
    const misplaced: { content: string; tag: string; text: string }[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(random() * 40);
      let content = "";
      for (let j = 0; j < length; j++) content += PIECES[Math.floor(random() * PIECES.length)];
      const found = extractTags(content);
      const former = formerExtractTags(content);
      if (found.join("\0") !== former.join("\0") || found.length !== former.length) differences.push({ content, found, former });
      for (const { tag, start, end } of scanTags(content)) {
        if (content.slice(start, end) !== `#${tag}`) misplaced.push({ content, tag, text: content.slice(start, end) });
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(misplaced.slice(0, 5)).toEqual([]);
  });

  it("gives extractTags the former answers on the everyday and edge cases", () => {
    for (const content of [
      "#work/project ok #todo `#not` https://x.example/#frag #todo",
      "`a ```\nfoo\n``` b` #x",
      "```\n`#a\n```\n#b` #c",
      "[x](```y```) #z",
      `${"[".repeat(10_000)} #end`,
    ]) {
      expect(extractTags(content)).toEqual(formerExtractTags(content));
    }
  });
});

describe("readsAsTag", () => {
  it("holds for a name that `#name` reads back as itself, not for one read as a link or cut short", () => {
    for (const name of ["work", "work/a", "日本", "c++", "a.b"]) expect(readsAsTag(name), name).toBe(true);
    for (const name of ["http://x.example", "https://x", "a b", "a#b", "", "x".repeat(MAX_TAG_LENGTH + 1)])
      expect(readsAsTag(name), name).toBe(false);
  });
});
