// References between memos: the one reading of a memo's text that says which memos it links to.
//
// A reference is a relative link to a memo's page, `/m/<id>`: bare (`see /m/12`) or as a Markdown link's target
// (`[notes](/m/12)`, what the editor's `[[` picker inserts), outside code. An absolute URL (`https://host/m/12`) is
// not one: the server cannot tell its own origin from another instance's (it knows it only from a request, which a
// proxy may rewrite), so the web app makes a pasted URL of its own origin relative before it is saved.
import { blankCode } from "./tags.js";

/** The most memos one memo may reference: each is a row written with the memo. */
export const MAX_MEMO_LINKS = 1000;

// `/m/<id>` starting a word or a link target (not the tail of a longer path or URL), ending at the id (a `#` or `?`
// may follow, never more path or word characters).
const MEMO_LINK = /(?<=^|[\s(<[{"'])\/m\/([1-9]\d{0,14})(?![\w/-])/g;

/**
 * The ids of the memos `content` references, distinct, in order of first appearance, at most MAX_MEMO_LINKS.
 * @example memoLinks("[a](/m/3) /m/2 `/m/9`") // [3, 2]
 */
export function memoLinks(content: string): number[] {
  const found = new Set<number>();
  for (const match of blankCode(content).matchAll(MEMO_LINK)) {
    found.add(Number(match[1]));
    if (found.size === MAX_MEMO_LINKS) break;
  }
  return [...found];
}

// `[label](/m/<id>)`, a `#fragment` or `?query` after the id allowed; every repeat bounded, one pass over a long line.
const MARKDOWN_MEMO_LINK = /\[([^[\]\n]{0,512})\]\(\s*\/m\/([1-9]\d{0,14})([#?][^)\s]{0,512})?\s*\)/g;

/** A reference in a memo's text: the memo's id, and for a Markdown link its text. */
export interface MemoLinkMatch {
  id: number;
  /** The link's text, when it is a Markdown link (`[label](/m/12)`); a bare `/m/12` has none. */
  label?: string;
}

/**
 * `content` with each reference outside code (the ones memoLinks reads) replaced by `replace`'s text: a Markdown link
 * whole (`[label](/m/12#top)`), a bare reference by its `/m/<id>` alone (what follows it stays).
 * @example replaceMemoLinks("[a](/m/3) and /m/4", ({ id }) => `<${id}>`) // "<3> and <4>"
 */
export function replaceMemoLinks(content: string, replace: (link: MemoLinkMatch) => string): string {
  const text = blankCode(content);
  const found: Array<{ start: number; end: number; link: MemoLinkMatch }> = [];
  for (const match of text.matchAll(MARKDOWN_MEMO_LINK)) {
    const start = match.index;
    const end = start + match[0].length;
    // The label as written (code in it was blanked only for the search).
    found.push({ start, end, link: { id: Number(match[2]), label: content.slice(start + 1, start + 1 + match[1]!.length) } });
  }
  let next = 0;
  const bare: typeof found = [];
  for (const match of text.matchAll(MEMO_LINK)) {
    const start = match.index;
    while (next < found.length && found[next]!.end <= start) next += 1;
    if (next < found.length && found[next]!.start <= start) continue; // the target of a Markdown link above
    bare.push({ start, end: start + match[0].length, link: { id: Number(match[1]) } });
  }
  const all = [...found, ...bare].sort((a, b) => a.start - b.start);
  if (all.length === 0) return content;
  let out = "";
  let at = 0;
  for (const { start, end, link } of all) {
    out += content.slice(at, start) + replace(link);
    at = end;
  }
  return out + content.slice(at);
}

/** A memo's first words, plain (no Markdown marks), at most 40 characters: how a link or a button names the memo. */
export function memoFirstWords(content: string): string {
  const firstLine = content.split("\n").find((line) => line.trim() !== "") ?? "";
  const words = firstLine
    .replace(/[[\]()`*_#>]/g, "")
    .trim()
    .replace(/\s+/g, " ");
  return words.length > 40 ? `${words.slice(0, 40).trimEnd()}…` : words;
}

/** The Markdown the editor inserts to link to a memo: its first words as the text. */
export function memoLinkMarkdown(id: number, content: string): string {
  return `[${memoFirstWords(content) || `#${id}`}](/m/${id})`;
}
