// The `[[` memo picker as pure functions: the `[[words` being typed at the caret, and the edit that replaces them
// with a link to the chosen memo.
import { memoLinkMarkdown } from "@memos/common";
import type { TextEdit } from "./textOps";

export interface MemoLinkQuery {
  /** Index of the `[[`. */
  start: number;
  /** What is typed after the `[[`, up to the caret (the search). */
  text: string;
  /** Where the replaced text ends: the caret, or past a `]]` right after it. */
  end: number;
}

/** The longest search typed after `[[` that still counts as one. */
const MAX_QUERY = 60;

/**
 * The `[[words` the caret is right after: a `[[` earlier on the same line with no bracket after it.
 * @example memoLinkQueryAt("see [[trip", 10) // { start: 4, text: "trip", end: 10 }
 */
export function memoLinkQueryAt(value: string, caret: number): MemoLinkQuery | null {
  const lineStart = value.lastIndexOf("\n", caret - 1) + 1;
  const open = value.lastIndexOf("[[", caret - 2);
  if (open < lineStart) return null;
  const text = value.slice(open + 2, caret);
  if (/[[\]]/.test(text) || text.length > MAX_QUERY) return null;
  const end = value.startsWith("]]", caret) ? caret + 2 : caret;
  return { start: open, text, end };
}

/** Replaces `[[words` with a Markdown link to the memo (its first words as the text), caret after it. */
export function completeMemoLink(query: MemoLinkQuery, memo: { id: number; content: string }): TextEdit {
  const insert = memoLinkMarkdown(memo.id, memo.content);
  const caret = query.start + insert.length;
  return { from: query.start, to: query.end, insert, selectStart: caret, selectEnd: caret };
}

/** The first line of a memo's text as plain words, for a one-line preview: links show their text, no block markers. */
export function firstLine(content: string): string {
  const line = (content.split("\n").find((each) => each.trim() !== "") ?? "").trim();
  return line
    .replace(/^(#{1,6}\s+|>\s*|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/, "")
    .replace(/!?\[([^\]\n]*)\]\([^()\n]*\)/g, "$1")
    .trim();
}

/**
 * `/m/<id>` when `text` is the URL of a memo of this instance (`origin`), else null.
 * @example ownMemoPath("https://memos.example/m/12", "https://memos.example") // "/m/12"
 */
export function ownMemoPath(text: string, origin: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(`${origin}/m/`)) return null;
  const match = /^\/m\/([1-9]\d{0,14})\/?$/.exec(trimmed.slice(origin.length));
  return match ? `/m/${match[1]}` : null;
}
