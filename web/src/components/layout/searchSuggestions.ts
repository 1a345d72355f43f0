// What the search box offers while a quick filter is typed (common's search-expression.ts): the keys (`tag:`,
// `has:`…) for the word under the caret, then the values of its key (the user's tags, `task`, `public`, today's
// date). Pure, so the box's component only shows them and puts the chosen one in place.
import { SEARCH_HAS, SEARCH_IS, SEARCH_KEYS, SEARCH_VISIBILITY, type SearchKey } from "@memos/common";

export interface SearchSuggestion {
  /** What replaces the word under the caret: a key (`tag:`) or a whole filter with a space after it (`tag:work `). */
  insert: string;
  /** The key whose description goes beside it (`search.suggest.<key>`). */
  key: SearchKey;
}

/** The word under the caret: from the last blank before it to the caret, unless inside a quoted phrase. */
export function wordAt(text: string, caret: number): { start: number; word: string } | null {
  const before = text.slice(0, caret);
  if ((before.match(/"/g) ?? []).length % 2 === 1) return null;
  const start = before.search(/\S+$/u);
  if (start === -1) return null;
  return { start, word: before.slice(start) };
}

const MOST = 8;

/** Today as `YYYY-MM-DD` in the reader's time zone. */
const today = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/** The values a key takes that start with `partial` (tags: any tag holding it), each as a whole filter. */
function valuesOf(key: SearchKey, partial: string, tags: readonly string[], now: Date): string[] {
  const lower = partial.toLowerCase();
  const starting = (values: readonly string[]) => values.filter((value) => value.toLowerCase().startsWith(lower));
  switch (key) {
    case "tag": {
      const bare = lower.replace(/^#/, "");
      return [...starting(tags), ...tags.filter((tag) => !tag.toLowerCase().startsWith(bare) && tag.toLowerCase().includes(bare))];
    }
    case "has":
      return starting(Object.keys(SEARCH_HAS));
    case "is":
      return starting(SEARCH_IS);
    case "visibility":
      return starting(Object.keys(SEARCH_VISIBILITY));
    case "before":
    case "after":
      return starting([today(now)]);
  }
}

/**
 * The suggestions for the word under the caret: the keys it begins (`ha` → `has:`), or, after a key and its colon,
 * the key's values it begins. Nothing for a word that is neither, nor for one that already is a whole filter.
 * @example searchSuggestions("budget ha", 9, []) // [{ insert: "has:", key: "has" }]
 */
export function searchSuggestions(text: string, caret: number, tags: readonly string[], now = new Date()): SearchSuggestion[] {
  const at = wordAt(text, caret);
  if (at === null || text.trim().startsWith("^")) return [];
  const colon = at.word.indexOf(":");
  if (colon === -1) {
    const lower = at.word.toLowerCase();
    return SEARCH_KEYS.filter((key) => key.startsWith(lower)).map((key) => ({ insert: `${key}:`, key }));
  }
  const key = at.word.slice(0, colon).toLowerCase() as SearchKey;
  if (!SEARCH_KEYS.includes(key)) return [];
  const partial = at.word.slice(colon + 1);
  return valuesOf(key, partial, tags, now)
    .filter((value) => value !== partial)
    .slice(0, MOST)
    .map((value) => ({ insert: `${key}:${value} `, key }));
}

/** The text with the word under the caret replaced by the suggestion, and where the caret goes after it. */
export function applySuggestion(text: string, caret: number, suggestion: SearchSuggestion): { text: string; caret: number } {
  const at = wordAt(text, caret);
  const start = at?.start ?? caret;
  const rest = text.slice(caret).replace(/^\S*/u, "");
  const inserted = suggestion.insert.endsWith(" ") && rest.startsWith(" ") ? suggestion.insert.trimEnd() : suggestion.insert;
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}
