// Tag autocomplete as pure functions: the `#word` being typed at the caret, the user's tags that match it, and
// the edit that completes it.
import type { TagCount } from "@memos/common";
import type { TextEdit } from "./textOps";

export interface TagQuery {
  /** Index of the `#`. */
  hash: number;
  /** The letters typed after the `#`, up to the caret. */
  text: string;
  /** Where the word ends (the caret, or further when the caret is inside the word). */
  end: number;
}

/** A tag's characters (memo content scans `#([^\s#]+)`). */
const TAG_CHAR = /[^\s#]/;

/**
 * The `#word` the caret is in or right after, when at least one letter follows the `#` and the `#` starts a
 * word (line start or after a space): `## Heading`, `a#b` and a bare `#` offer nothing.
 */
export function tagQueryAt(value: string, caret: number): TagQuery | null {
  let hash = caret - 1;
  while (hash >= 0 && TAG_CHAR.test(value[hash]!)) hash--;
  if (hash < 0 || value[hash] !== "#") return null;
  if (hash > 0 && !/\s/.test(value[hash - 1]!)) return null;
  const text = value.slice(hash + 1, caret);
  if (text === "") return null;
  let end = caret;
  while (end < value.length && TAG_CHAR.test(value[end]!)) end++;
  return { hash, text, end };
}

/**
 * The tags matching `text`, case-insensitively: tags starting with it first, then tags with a path segment
 * starting with it (`deep` finds `work/deep`), then tags containing it; within each group the most used first.
 */
export function matchTags(tags: readonly TagCount[], text: string, limit = 8): TagCount[] {
  const needle = text.toLocaleLowerCase();
  const rank = (name: string): number => {
    const lower = name.toLocaleLowerCase();
    if (lower.startsWith(needle)) return 0;
    if (lower.split("/").some((segment) => segment.startsWith(needle))) return 1;
    return lower.includes(needle) ? 2 : -1;
  };
  return tags
    .map((tag) => ({ tag, rank: rank(tag.name) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || b.tag.count - a.tag.count || a.tag.name.localeCompare(b.tag.name))
    .slice(0, limit)
    .map((entry) => entry.tag);
}

/** Replaces the typed word with the tag, followed by a space (the one already there, if any), caret after it. */
export function completeTag(value: string, query: TagQuery, name: string): TextEdit {
  const spaced = /\s/.test(value[query.end] ?? "");
  const insert = spaced ? name : `${name} `;
  const caret = query.hash + 1 + name.length + 1;
  return { from: query.hash + 1, to: query.end, insert, selectStart: caret, selectEnd: caret };
}
