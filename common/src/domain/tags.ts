// Tag extraction from memo content: the regex of the wire (`#([^\s#]+)`), applied outside code and links.

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

/** Returns the text that can hold tags: code blocks, inline code and links are blanked out. */
function stripNonTagText(content: string): string {
  return content.replace(FENCED_CODE, " ").replace(INLINE_CODE, " ").replace(MARKDOWN_LINK, " ").replace(PLAIN_LINK, " ");
}

/**
 * The tags a memo holds, deduplicated and sorted.
 * @example extractTags("#work/project ok #todo `#not`") // ["todo", "work/project"]
 */
export function extractTags(content: string): string[] {
  const found = new Set<string>();
  for (const match of stripNonTagText(content).matchAll(TAG_PATTERN)) {
    if (match[1]!.length <= MAX_TAG_LENGTH) found.add(match[1]!);
  }
  return [...found].sort();
}

/** True when `tag` is `wanted` or one of its children (`a` matches `a` and `a/b`, never `ab`). */
export function tagMatches(tag: string, wanted: string): boolean {
  return tag === wanted || tag.startsWith(`${wanted}/`);
}

/** A tag name is valid when `#name` is exactly one tag: non-empty, no whitespace, no `#`. */
export function isValidTagName(name: string): boolean {
  return /^[^\s#]+$/.test(name);
}

/** Every prefix of a hierarchical tag: `a/b/c` → `a`, `a/b`, `a/b/c`. */
export function tagAncestry(tag: string): string[] {
  const parts = tag.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}
