// A flomo export: its HTML export zip, an HTML page of `.memo` blocks (a `.time`, the `.content` as HTML and the
// `.files` it links to), beside the folder of those files. Each block becomes a memo: the content HTML turned
// into Markdown (turndown), its files attachments. flomo writes local times without an offset; they are read as
// China Standard Time (UTC+8), flomo's own. flomo's editor puts each list item's text in a paragraph
// (`<li><p>…</p></li>`): a list is written tight, one line per item, as it shows in flomo.
import { createDocument } from "@mixmark-io/domino";
import { posix } from "node:path";
import TurndownService from "turndown";
import type { Archive, ArchiveEntry } from "./archive.js";
import { FileIndex } from "./markdown.js";
import { attachEntry, attachmentToken, emptyPlan, type ImportPlan, isImageName, toSeconds } from "./plan.js";

const MEMO_START = /<div\s+class\s*=\s*["']memo["']/gi;
export const looksLikeFlomo = (html: string): boolean => new RegExp(MEMO_START.source, "i").test(html);

function markdownOf(html: Element, turndown: TurndownService): string {
  // turndown escapes a `#` that starts a line (a heading in Markdown); in flomo it is a tag: `#idea`.
  return turndown.turndown(html as unknown as HTMLElement).replace(/^\\#(?=[^\s#])/gm, "#");
}

/** `- item` (`1. item`) with the item's further lines indented under its text, and no blank line between items. */
function listItem(content: string, node: TurndownService.Node): string {
  const parent = node.parentNode as HTMLElement;
  let marker = "- ";
  if (parent.nodeName === "OL") {
    const start = Number(parent.getAttribute("start") ?? "1");
    marker = `${(Number.isInteger(start) ? start : 1) + Array.prototype.indexOf.call(parent.children, node)}. `;
  }
  const text = content
    .replace(/^\n+/, "")
    .replace(/\s+$/, "")
    .replace(/\n/g, `\n${" ".repeat(marker.length)}`);
  return `${marker}${text}${node.nextSibling ? "\n" : ""}`;
}

/** The Markdown converter for flomo's HTML. */
export function flomoTurndown(): TurndownService {
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });
  // A paragraph inside a list item is the item's line, not a block of its own.
  turndown.addRule("listParagraph", {
    filter: (node) => node.nodeName === "P" && node.parentNode?.nodeName === "LI",
    replacement: (content, node) => (node.nextSibling ? `${content}\n` : content),
  });
  turndown.addRule("listItem", { filter: "li", replacement: listItem });
  return turndown;
}

/** flomo's content HTML as Markdown. */
export function flomoMarkdown(html: Element, turndown: TurndownService): string {
  return markdownOf(html, turndown).replace(/[ \t]+$/gm, "");
}

/** "2024-03-01 21:15:09" in flomo's time zone → Unix seconds. */
export function flomoTime(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  return match ? toSeconds(`${match[1]}T${match[2]}+08:00`) : toSeconds(text);
}

/** The page cut into one piece per memo, so each block is parsed alone (a small document, not the whole export's). */
export function memoChunks(html: string): string[] {
  const starts = [...html.matchAll(MEMO_START)].map((match) => match.index);
  return starts.map((start, n) => html.slice(start, starts[n + 1] ?? html.length));
}

export async function readFlomo(archive: Archive, page: ArchiveEntry, html: string): Promise<ImportPlan> {
  const plan = emptyPlan("flomo");
  const index = new FileIndex(archive.entries);
  const files = new Map<string, number>();
  const dir = posix.dirname(page.path);
  const turndown = flomoTurndown();
  for (const [n, chunk] of memoChunks(html).entries()) {
    const memo = createDocument(`<body>${chunk}</body>`).querySelector(".memo");
    if (!memo) continue;
    const label = `${page.path} (memo ${n + 1})`;
    const time = memo.querySelector(".time")?.textContent?.trim() ?? "";
    const createdTs = flomoTime(time);
    if (createdTs === undefined) {
      plan.problems.push({ file: label, reason: `unreadable time "${time.slice(0, 40)}"` });
      continue;
    }
    const contentNode = memo.querySelector(".content");
    const lines = [contentNode ? flomoMarkdown(contentNode, turndown) : ""];
    const attachments: number[] = [];
    for (const link of memo.querySelectorAll(".files img[src], .files a[href], .files audio[src], .files source[src], .files video[src]")) {
      const target = link.getAttribute("src") ?? link.getAttribute("href") ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      let path = target;
      try {
        path = decodeURI(target);
      } catch {}
      const entry = index.find(dir, path, false);
      if (!entry) {
        plan.problems.push({ file: label, reason: `file "${path}" is not in the archive` });
        continue;
      }
      const attachment = attachEntry(plan, files, entry);
      if (attachments.includes(attachment)) continue;
      attachments.push(attachment);
      const name = posix.basename(entry.path);
      lines.push(`${isImageName(name) ? "!" : ""}[${name}](${attachmentToken(attachment)})`);
    }
    plan.memos.push({
      source: label,
      content: lines.filter((line) => line !== "").join("\n\n"),
      createdTs,
      updatedTs: createdTs,
      pinned: false,
      archived: false,
      attachments,
    });
  }
  return plan;
}
