// Tag extraction from memo content: the regex of the wire (`#([^\s#]+)`), applied outside code, math and links.
import { MATH_SPAN } from "./rich-markdown.js";

/** The wire's tag: `#` and what follows up to a space or the next `#`. The web's Markdown lexer reads the same. */
export const TAG_PATTERN_SOURCE = "#([^\\s#]+)";
const TAG_PATTERN = new RegExp(TAG_PATTERN_SOURCE, "g");
/** Longer runs after `#` (a pasted hash, base64) are text, not tags: no index has to hold them. */
export const MAX_TAG_LENGTH = 256;
/** The most distinct tags one memo may hold: each is a row written with the memo (and counted, and suggested). */
export const MAX_MEMO_TAGS = 1000;
const FENCED_CODE = /```[\s\S]*?```/g;
const INLINE_CODE = /`[^`\n]+`/g;
// Link text stops at the next bracket and the target at the next parenthesis (one nested pair allowed, as in
// Wikipedia links): every attempt ends where the next one starts, so a line of unclosed `[` or `](` is read in
// linear time, not quadratic.
const MARKDOWN_LINK = /!?\[[^[\]\n]*\]\((?:[^()\n]|\([^()\n]*\))+\)+/g;
const PLAIN_LINK = /https?:\/\/[^\s]+/g;

/** Blanks a match with as many spaces: the later patterns read it as they read one space, and offsets stay. */
const blank = (match: string) => " ".repeat(match.length);

/** The content with code blocks and inline code blanked out, character for character (memo links read it too). */
export function blankCode(content: string): string {
  return content.replace(FENCED_CODE, blank).replace(INLINE_CODE, blank);
}

/** The content with code blocks, inline code, formulas and links blanked out, character for character. */
function blankNonTagText(content: string): string {
  return blankCode(content).replace(MATH_SPAN, blank).replace(MARKDOWN_LINK, blank).replace(PLAIN_LINK, blank);
}

/** One tag in a memo's text: `content.slice(start, end)` is `#` + `tag`. */
export interface TagOccurrence {
  tag: string;
  start: number;
  end: number;
}

/**
 * Calls `visit` with each tag of a memo, in order, and where it starts (`content.slice(start, start + 1 +
 * tag.length)` is `#` + `tag`): the one reading that extraction and rewriting share. An exec loop, not matchAll, and
 * nothing made per occurrence that a caller does not keep: 200,000 `#tag`s in a memo of 1 MiB cost the event loop
 * 170 ms through matchAll and an object each, about 15 ms so.
 */
function forEachTag(content: string, visit: (tag: string, start: number) => boolean | undefined): void {
  const text = blankNonTagText(content);
  const pattern = new RegExp(TAG_PATTERN);
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const tag = match[1]!;
    if (tag.length <= MAX_TAG_LENGTH && visit(tag, match.index) === false) return;
  }
}

/**
 * Every tag occurrence of a memo, in order, with its position.
 * @example scanTags("a #b `#c`") // [{ tag: "b", start: 2, end: 4 }]
 */
export function scanTags(content: string): TagOccurrence[] {
  const found: TagOccurrence[] = [];
  forEachTag(content, (tag, start) => {
    found.push({ tag, start, end: start + 1 + tag.length });
    return true;
  });
  return found;
}

/**
 * The tags a memo holds, deduplicated and sorted. With `most`, the reading stops at the first tag past that many
 * distinct ones (the answer then holds `most + 1`: enough to say the memo passes a cap, without reading 100,000 more).
 * @example extractTags("#work/project ok #todo `#not`") // ["todo", "work/project"]
 */
export function extractTags(content: string, most = Number.POSITIVE_INFINITY): string[] {
  const tags = new Set<string>();
  forEachTag(content, (tag) => tags.add(tag).size <= most);
  return [...tags].sort();
}

/** True when `tag` is `wanted` or one of its children (`a` matches `a` and `a/b`, never `ab`). */
export function tagMatches(tag: string, wanted: string): boolean {
  return tag === wanted || tag.startsWith(`${wanted}/`);
}

/** A tag name is valid when `#name` is exactly one tag: non-empty, no whitespace, no `#`. */
export function isValidTagName(name: string): boolean {
  return /^[^\s#]+$/.test(name);
}

/** Whether `#name` written alone reads back as the tag `name` (`http://x` is a valid name, but read as a link). */
export function readsAsTag(name: string): boolean {
  const found = scanTags(`#${name}`);
  return found.length === 1 && found[0]!.tag === name;
}

/** Every prefix of a hierarchical tag: `a/b/c` → `a`, `a/b`, `a/b/c`. */
export function tagAncestry(tag: string): string[] {
  const parts = tag.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}
