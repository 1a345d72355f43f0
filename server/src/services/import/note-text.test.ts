// How a note's text becomes a memo's: Obsidian's links and callouts, the title line, flomo's lists, the links of
// our own export, and the first line a preview shows.
import { createDocument } from "@mixmark-io/domino";
import { describe, expect, it } from "vitest";
import type { ArchiveEntry } from "./archive.js";
import { previewTitle } from "./content.js";
import { linkArchiveFiles } from "./export-links.js";
import { flomoMarkdown, flomoTurndown } from "./flomo.js";
import { withTitle } from "./markdown.js";
import { linkNotes, NoteNames, plainCallouts } from "./obsidian.js";
import { attachmentToken, memoLinkToken, type PlannedAttachment } from "./plan.js";

describe("Obsidian links between notes", () => {
  const notes = new NoteNames();
  notes.add("Vault/Projects/Garden plan.md", 0, []);
  notes.add("Vault/Daily/2024-05-01.md", 1, ["Run day"]);
  notes.add("Vault/Archive/Garden plan.md", 2, []);

  it.each([
    ["See [[Garden plan]].", `See [Garden plan](${memoLinkToken(0)}).`],
    ["[[garden plan.md|the plan]]", `[the plan](${memoLinkToken(0)})`],
    ["[[Garden plan#Tomatoes]]", `[Garden plan](${memoLinkToken(0)})`],
    ["[[Archive/Garden plan]]", `[Archive/Garden plan](${memoLinkToken(2)})`],
    ["[[Run day]]", `[Run day](${memoLinkToken(1)})`],
    ["![[Garden plan]]", `[Garden plan](${memoLinkToken(0)})`],
    ["See [[Seeds]] and [[Seeds|the seeds]].", "See Seeds and the seeds."],
    ["[[#Tomatoes]]", "Tomatoes"],
    ["![[lost.png]]", "![[lost.png]]"],
    ["`[[Garden plan]]`\n\n```\n[[Garden plan]]\n```\n", "`[[Garden plan]]`\n\n```\n[[Garden plan]]\n```\n"],
  ])("%j → %j", (text, expected) => expect(linkNotes(text, notes)).toBe(expected));

  it("gets through a long line of unclosed brackets", () => {
    const text = "[[".repeat(50_000);
    expect(linkNotes(text, notes)).toBe(text);
  });
});

describe("callouts", () => {
  it.each([
    ["> [!note] Read this\n> The body", "> **Read this**\n> The body"],
    ["> [!warning]-\n> Folded", "> **Warning**\n> Folded"],
    ["> [!my-tip]+ \n> x", "> **My tip**\n> x"],
    ["> > [!info] Nested", "> > **Nested**"],
    ["Not a quote [!note] x", "Not a quote [!note] x"],
    ["```\n> [!note] kept\n```", "```\n> [!note] kept\n```"],
  ])("%j → %j", (text, expected) => expect(plainCallouts(text)).toBe(expected));
});

describe("a note's title", () => {
  it.each([
    ["Plant tomatoes.\n", "Garden plan", "**Garden plan**\n\nPlant tomatoes.\n"],
    ["# Pancakes\n\nFlour", "Pancakes", "# Pancakes\n\nFlour"],
    ["## Another heading\n", "Garden", "## Another heading\n"],
    ["#food #breakfast\n# Pancakes\n", "Pancakes", "#food #breakfast\n# Pancakes\n"],
    ["Pancakes\n=====\n\nFlour", "x", "Pancakes\n=====\n\nFlour"],
    ["**Pancakes**\nFlour", "Pancakes", "**Pancakes**\nFlour"],
    ["Just text", "Untitled 3", "Just text"],
    ["", "Empty", "**Empty**\n"],
    ["x", "a*b_[c]", "**a\\*b\\_\\[c\\]**\n\nx"],
    ["#idea first\n", "Idea", "**Idea**\n\n#idea first\n"],
  ])("%j named %j → %j", (text, title, expected) => expect(withTitle(text, title)).toBe(expected));
});

describe("flomo's lists", () => {
  const markdown = (html: string) =>
    flomoMarkdown(createDocument(`<body><div class="content">${html}</div></body>`).querySelector(".content")!, flomoTurndown());

  it("writes one line per item, nested items indented, no blank line between items", () => {
    expect(
      markdown(
        "<p>Plan</p><ul><li><p>one</p></li><li><p>two</p><ul><li><p>two a</p></li></ul></li><li><p>three</p><p>more</p></li></ul>" +
          '<ol start="3"><li><p>c</p></li><li><p>d</p></li></ol><p>after</p>',
      ),
    ).toBe("Plan\n\n- one\n- two\n  - two a\n- three\n  more\n\n3. c\n4. d\n\nafter");
    expect(markdown("<ul><li>plain <strong>item</strong></li><li>next</li></ul>")).toBe("- plain **item**\n- next");
  });
});

describe("links of our own export", () => {
  const file = (path: string, filename: string): PlannedAttachment => ({
    entry: { path, size: 1, modifiedTs: 0, index: 0 } satisfies ArchiveEntry,
    filename,
    type: "image/png",
  });
  const attachments = [
    file("attachments/5-photo.png", "photo.png"),
    file("attachments/6-my photo (1).png", "my photo (1).png"),
    { url: "https://example.com", filename: "site", type: "" },
  ];
  const files = {
    attachments,
    byOldId: new Map([
      [5, 0],
      [6, 1],
      [7, 2],
    ]),
    byPath: new Map([
      ["attachments/5-photo.png", 0],
      ["attachments/6-my photo (1).png", 1],
    ]),
  };
  const link = (text: string, originals: Record<string, unknown> = {}) =>
    linkArchiveFiles(text, "memos/2024/2024-01-02-1.md", files, originals);

  it("makes relative paths and old links to the archive's files tokens", () => {
    expect(link("![](../../attachments/5-photo.png) ![](../../attachments/6-my%20photo%20%281%29.png)")).toBe(
      `![](${attachmentToken(0)}) ![](${attachmentToken(1)})`,
    );
    expect(link("![](<../../attachments/6-my photo (1).png>)")).toBe(`![](<${attachmentToken(1)}>)`);
    expect(link("![](/o/r/5/photo.png?thumbnail=1) https://old.example/o/r/6/my%20photo%20(1).png")).toBe(
      `![](${attachmentToken(0)}?thumbnail=1) [my photo (1).png](${attachmentToken(1)})`,
    );
  });

  it("leaves links to files the archive lacks as written, or as the front matter says they were", () => {
    expect(link("![](/o/r/9/x.png) [site](/o/r/7/site) ![](../../attachments/9-x.png)")).toBe(
      "![](/o/r/9/x.png) [site](/o/r/7/site) ![](../../attachments/9-x.png)",
    );
    expect(link("![](../../attachments/9-x.png)", { "../../attachments/9-x.png": "/o/r/9/x.png" })).toBe("![](/o/r/9/x.png)");
  });
});

describe("a preview's first line", () => {
  it.each([
    ["# Garden plan\n\nText", "Garden plan"],
    ["\n\n**Bold** start", "Bold start"],
    ["![](/o/r/_/a.png)\n\n- [ ] [Buy](https://x) seeds", "Buy seeds"],
    ["> quoted `code`", "quoted code"],
    ["", ""],
    ["x".repeat(100), `${"x".repeat(79)}…`],
  ])("%j → %j", (content, expected) => expect(previewTitle(content)).toBe(expected));
});
