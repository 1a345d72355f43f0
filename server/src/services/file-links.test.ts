// Links to stored files in a memo's text: which ones the export and the import rewrite, and what is left alone.
import { describe, expect, it } from "vitest";
import { type FileLink, fileLinkIds, rewriteFileLinks } from "./file-links.js";
import { mapProse } from "./markdown-prose.js";

const names = new Map([
  [5, "photo.png"],
  [6, "my photo (1).png"],
  [7, "a+b.txt"],
]);

const rewrite = (text: string) => {
  const seen: FileLink[] = [];
  const out = rewriteFileLinks(
    text,
    (id) => names.get(id),
    (link) => {
      seen.push(link);
      return `NEW${link.id}${link.suffix}`;
    },
  );
  return { out, seen };
};

describe("rewriteFileLinks", () => {
  it.each([
    ["![](/o/r/5/photo.png)", "![](NEW5)"],
    ["![x](/h/r/5/photo.png 'title')", "![x](NEW5 'title')"],
    ["[old name](/o/r/5/before-rename.png)", "[old name](NEW5)"],
    ["![](/o/r/5/photo.png?thumbnail=1)", "![](NEW5?thumbnail=1)"],
    ["![](/o/r/6/my%20photo%20(1).png) and ![](</o/r/6/my photo (1).png>)", "![](NEW6) and ![](<NEW6>)"],
    ["[f](/o/r/7/a+b.txt) [g](/o/r/7/a%2Bb.txt)", "[f](NEW7) [g](NEW7)"],
    ['<img src="/o/r/5/photo.png" width="200">', '<img src="NEW5" width="200">'],
    ["[photo]: /o/r/5/photo.png\n\n![][photo]", "[photo]: NEW5\n\n![][photo]"],
    ["![](https://memos.example/o/r/5/photo.png)", "![](NEW5)"],
    ["See https://memos.example:5230/o/r/5/photo.png.", "See [photo.png](NEW5)."],
    ["<https://memos.example/o/r/6/my%20photo%20(1).png>", "[my photo (1).png](NEW6)"],
  ])("%j → %j", (text, expected) => expect(rewrite(text).out).toBe(expected));

  it.each([
    ["a file it does not know", "![](/o/r/9/other.png)"],
    ["another server's link to a file of another name", "![](https://elsewhere.example/o/r/5/cat.png)"],
    ["a path that only ends like one", "![](/files/o/r/5/photo.png) https://x.example/sub/o/r/5/photo.png"],
    ["a relative address that is not a link", "the file /o/r/5/photo.png was big"],
    ["code", "`![](/o/r/5/photo.png)`\n\n```\n![](/o/r/5/photo.png)\n```\n"],
    ["a longer id", "![](/o/r/55/photo.png)"],
  ])("leaves %s as written", (_, text) => expect(rewrite(text).out).toBe(text));

  it("tells what each link was", () => {
    const { seen } = rewrite("![](https://m.example/o/r/5/photo.png#x) [a](/o/r/7/a+b.txt)");
    expect(seen).toEqual([
      { id: 5, name: "photo.png", written: "https://m.example/o/r/5/photo.png#x", suffix: "#x" },
      { id: 7, name: "a+b.txt", written: "/o/r/7/a+b.txt", suffix: "" },
    ]);
  });

  it("lists the ids of every link to a stored file", () => {
    expect(fileLinkIds("![](/o/r/5/a.png) [b](https://h.example/h/r/12/b) /o/r/x")).toEqual([5, 12]);
  });
});

describe("mapProse", () => {
  const upper = (text: string) => mapProse(text, (prose) => prose.toUpperCase());

  it("changes prose and keeps code spans and fenced blocks as written", () => {
    expect(upper("a `b` c ``d ` e`` f")).toBe("A `b` C ``d ` e`` F");
    expect(upper("a\n```js\nb\n```\nc\n~~~~\nd\n~~~\ne\n~~~~\nf")).toBe("A\n```js\nb\n```\nC\n~~~~\nd\n~~~\ne\n~~~~\nF");
    expect(upper("a\n```\nnever closed")).toBe("A\n```\nnever closed");
  });

  it("takes an unmatched backtick as itself, and no code span across a blank line", () => {
    expect(upper("a ` b")).toBe("A ` B");
    expect(upper("a `b\n\nc` d")).toBe("A `B\n\nC` D");
  });

  it("reads a long run of backticks in one pass", () => {
    const text = "`x".repeat(50_000);
    expect(mapProse(text, (prose) => prose)).toBe(text);
  });
});
