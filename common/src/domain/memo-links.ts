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

/** The Markdown the editor inserts to link to a memo: its first words as the text. */
export function memoLinkMarkdown(id: number, content: string): string {
  const firstLine = content.split("\n").find((line) => line.trim() !== "") ?? "";
  const words = firstLine
    .replace(/[[\]()`*_#>]/g, "")
    .trim()
    .replace(/\s+/g, " ");
  const text = words.length > 40 ? `${words.slice(0, 40).trimEnd()}…` : words;
  return `[${text || `#${id}`}](/m/${id})`;
}
