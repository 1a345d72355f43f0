// The dense parts of reading other apps' archives: dates, tags, front matter, file references, flomo's page
// and Keep's notes.
import { describe, expect, it } from "vitest";
import type { ArchiveEntry } from "./archive.js";
import { flomoTime, memoChunks } from "./flomo.js";
import { FRONT_MATTER_LIMITS, FrontMatterError, splitFrontMatter } from "./front-matter.js";
import { keepMarkdown } from "./google-keep.js";
import { FileIndex, isNotePath, linkFiles, tagsOf, withTags } from "./markdown.js";
import { attachmentToken, toSeconds } from "./plan.js";

const entry = (path: string): ArchiveEntry => ({ path, size: 1, modifiedTs: 0, index: 0 });

describe("toSeconds", () => {
  it.each<[unknown, number | undefined]>([
    ["2024-05-01T08:30:00+02:00", 1_714_545_000],
    ["2024-05-01 08:30", 1_714_552_200],
    ["2024-05-01", 1_714_521_600],
    [1_714_521_600, 1_714_521_600],
    [1_714_521_600_000, 1_714_521_600],
    ["1714521600", 1_714_521_600],
    [new Date("2024-05-01T00:00:00Z"), 1_714_521_600],
    ["yesterday", undefined],
    ["", undefined],
    [null, undefined],
    [-5, undefined],
    ["1900-01-01T00:00:00Z", undefined],
    ["+275760-01-01T00:00:00Z", undefined],
    ["9999-12-31T23:59:59Z", 253_402_300_799],
  ])("%j → %j", (value, expected) => expect(toSeconds(value)).toBe(expected));
});

describe("front matter", () => {
  it("splits YAML from the text and keeps the text byte for byte", () => {
    expect(splitFrontMatter("---\ntitle: A\ntags: [x]\n---\n  body\n\n")).toEqual({
      data: { title: "A", tags: ["x"] },
      body: "  body\n\n",
    });
    expect(splitFrontMatter("---\r\na: 1\r\n---\r\nwindows")).toEqual({ data: { a: 1 }, body: "windows" });
    expect(splitFrontMatter("no front matter\n---\n")).toEqual({ data: {}, body: "no front matter\n---\n" });
    expect(splitFrontMatter("---\n---\nempty")).toEqual({ data: {}, body: "empty" });
  });

  it.each([
    "---\ntitle: [unclosed\n---\n",
    "---\na: 1\na: 2\n---\n",
    "---\nx: {a: 1, a: 2}\n---\n",
    "---\n- a list\n---\n",
    "---\njust text\n---\n",
  ])("refuses %j as malformed", (source) => {
    expect(() => splitFrontMatter(source)).toThrow(/^malformed front matter: /);
  });

  const { keys, depth, bytes } = FRONT_MATTER_LIMITS;
  const withKeys = (count: number) => `---\n${Array.from({ length: count }, (_, n) => `k${n}: ${n}`).join("\n")}\n---\nbody`;
  const nested = (levels: number) => `---\nk: ${"[".repeat(levels)}1${"]".repeat(levels)}\n---\nbody`;

  it("reads up to the limits: keys (in every map, the same key in two maps once each), flow nesting, length", () => {
    expect(Object.keys(splitFrontMatter(withKeys(keys)).data)).toHaveLength(keys);
    expect(splitFrontMatter("---\na: {x: 1}\nb: {x: 2}\n---\n").data).toEqual({ a: { x: 1 }, b: { x: 2 } });
    expect(splitFrontMatter(nested(depth)).body).toBe("body");
    expect(splitFrontMatter(`---\nk: ${"x".repeat(bytes - 3)}\n---\nbody`).body).toBe("body");
  });

  it.each<[string, string, string]>([
    ["keys", withKeys(keys + 1), `front matter with more than ${keys} keys, the most an import reads`],
    [
      "keys in nested maps",
      `---\n${Array.from({ length: keys }, (_, n) => `k${n}: {a: 1}`).join("\n")}\n---\n`,
      `front matter with more than ${keys} keys, the most an import reads`,
    ],
    ["nesting", nested(depth + 1), `front matter nested deeper than ${depth} levels, the most an import reads`],
    ["nesting (far past)", nested(100_000), `front matter nested deeper than ${depth} levels, the most an import reads`],
    ["length", `---\nk: ${"x".repeat(bytes - 2)}\n---\nbody`, `front matter longer than ${bytes / 1024} KiB, the most an import reads`],
  ])("refuses front matter over the limit of %s", (_, source, reason) => {
    expect(() => splitFrontMatter(source)).toThrow(new FrontMatterError(reason));
  });

  it("refuses aliases that expand past the limit", () => {
    let laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (let n = 1; n < 6; n++)
      laughs += `a${n}: &a${n} [${Array(10)
        .fill(`*a${n - 1}`)
        .join(", ")}]\n`;
    expect(() => splitFrontMatter(`---\n${laughs}---\n`)).toThrow(/^malformed front matter: Excessive alias count/);
    expect(splitFrontMatter("---\na: &x 1\nb: *x\n---\n").data).toEqual({ a: 1, b: 1 });
  });
});

describe("tags", () => {
  it.each<[unknown, string[]]>([
    [
      ["a", "#b", "two words"],
      ["a", "b", "two-words"],
    ],
    ["a, b c", ["a", "b", "c"]],
    ["#x #y/z", ["x", "y/z"]],
    [["[[Page]]"], ["Page"]],
    [42, []],
  ])("%j → %j", (value, expected) => expect(tagsOf(value)).toEqual(expected));

  it("adds only the tags the text lacks", () => {
    expect(withTags("Text #a\n", ["a", "b", "b"])).toBe("Text #a\n\n#b\n");
    expect(withTags("Text #a", ["a"])).toBe("Text #a");
    // A tag inside code is not a tag of the memo.
    expect(withTags("`#a`", ["a"])).toBe("`#a`\n\n#a\n");
  });
});

describe("notes and their files", () => {
  it("skips app folders", () => {
    expect(
      ["a.md", "x/b.markdown", "c.txt", "notes/.trash/d.md", "__MACOSX/e.md", "graph/logseq/bak/f.md", "g.png"].filter(isNotePath),
    ).toEqual(["a.md", "x/b.markdown", "c.txt"]);
  });

  const index = new FileIndex(["v/n/note.md", "v/img/a b.png", "v/files/doc.pdf", "v/deep/x/pic.jpg", "v/other.md"].map(entry));
  const link = (text: string) => {
    const problems: string[] = [];
    const attached: string[] = [];
    const result = linkFiles(
      text,
      entry("v/n/note.md"),
      index,
      (file) => {
        if (!attached.includes(file.path)) attached.push(file.path);
        return attached.indexOf(file.path);
      },
      (reason) => problems.push(reason),
    );
    return { ...result, attached, problems };
  };

  it("turns relative embeds and links into attachment links", () => {
    const result = link('![a](../img/a%20b.png "t") and [doc](<../files/doc.pdf>) and ![[pic.jpg|300]] and ![[a b.png]]');
    // Wiki embeds are found first.
    expect(result.attached).toEqual(["v/deep/x/pic.jpg", "v/img/a b.png", "v/files/doc.pdf"]);
    expect(result.content).toBe(
      `![a](${attachmentToken(1)} "t") and [doc](${attachmentToken(2)}) and ![pic.jpg](${attachmentToken(0)}) and ![a b.png](${attachmentToken(1)})`,
    );
    expect(result.attachments).toEqual([0, 1, 2]);
    expect(result.problems).toEqual([]);
  });

  it("leaves web links, anchors, other notes and missing files as written, naming missing embeds", () => {
    const text =
      "[w](https://e.com/a.png) [h](#top) [n](../other.md) ![[other]] [gone](gone.pdf) ![x](../../../etc/passwd.png) ![[lost.png]]";
    const result = link(text);
    expect(result.content).toBe(text);
    expect(result.attached).toEqual([]);
    expect(result.problems).toEqual([
      'embedded file "lost.png" is not in the archive',
      'embedded file "../../../etc/passwd.png" is not in the archive',
    ]);
  });

  it("gets through a long line of unclosed brackets", () => {
    const text = `${"![[".repeat(20_000)}${"[".repeat(100_000)}(${"x".repeat(1000)}`;
    expect(link(text).content).toBe(text);
  });
});

describe("flomo", () => {
  it("reads its local times as UTC+8", () => {
    expect(flomoTime("2024-04-30 21:15:09")).toBe(Date.parse("2024-04-30T13:15:09Z") / 1000);
    expect(flomoTime("2024-04-30 21:15")).toBe(Date.parse("2024-04-30T13:15:00Z") / 1000);
    expect(flomoTime("not a time")).toBeUndefined();
  });

  it("cuts the page into one piece per memo", () => {
    const html = '<body><div class="memo"><p>a</p></div>\n<div class="memo" ><p>b</p></div><div class=\'memo\'>c</div></body>';
    expect(memoChunks(html)).toEqual([
      '<div class="memo"><p>a</p></div>\n',
      '<div class="memo" ><p>b</p></div>',
      "<div class='memo'>c</div></body>",
    ]);
    expect(memoChunks("<p>no memos</p>")).toEqual([]);
  });
});

describe("Google Keep", () => {
  it("writes a note's title, text, checklist and links as Markdown", () => {
    expect(
      keepMarkdown({
        title: " Trip ",
        textContent: "Pack light\n",
        listContent: [
          { text: "Tickets", isChecked: true },
          { text: "Two\nlines", isChecked: false },
        ],
        annotations: [
          { url: "https://example.com/x", title: "A [site]" },
          { url: "javascript:alert(1)", title: "bad" },
        ],
      }),
    ).toBe("# Trip\n\nPack light\n\n- [x] Tickets\n- [ ] Two lines\n\n[A site](https://example.com/x)");
    expect(keepMarkdown({})).toBe("");
  });
});
