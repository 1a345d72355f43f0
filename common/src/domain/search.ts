// The search box's text: words in any order, "quoted phrases", or a leading `^` for a regular expression. Parsed
// here only, for the server (the `search` parameter of the memo lists) and the web (highlighting what was found).

/** Most terms (words and phrases) a search may hold: each is checked on every memo the search reads. */
export const MAX_SEARCH_TERMS = 8;

/** A parsed search: a regular expression (the text after `^`), or terms that must each appear. */
export type SearchQuery = { kind: "regex"; pattern: string } | { kind: "terms"; terms: string[] };

/**
 * Reads a search box's text. A leading `^` (after spaces) makes the rest a regular expression, taken as written.
 * Otherwise the text is terms, each a case-insensitive substring a memo must hold, in any order: words split at
 * white space (any Unicode space, the ideographic one included), and `"quoted phrases"` taken as written, spaces
 * included. A quote left open runs to the end; a quote inside a word ends it. Empty phrases drop out, and a term
 * given twice (in any letter case) counts once. The number of terms is not capped here (MAX_SEARCH_TERMS is a memo
 * list's rule, hasTooManySearchTerms in memo-list.ts).
 * @example parseSearch('safari "login fails"') // { kind: "terms", terms: ["safari", "login fails"] }
 */
export function parseSearch(input: string): SearchQuery {
  const trimmed = input.trim();
  if (trimmed.startsWith("^")) return { kind: "regex", pattern: trimmed.slice(1) };
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    const key = term.toLowerCase();
    if (term.trim() === "" || seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  let word = "";
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i]!;
    if (char === '"') {
      add(word);
      word = "";
      const close = trimmed.indexOf('"', i + 1);
      const end = close === -1 ? trimmed.length : close;
      add(trimmed.slice(i + 1, end));
      i = end;
    } else if (/\s/u.test(char)) {
      add(word);
      word = "";
    } else word += char;
  }
  add(word);
  return { kind: "terms", terms };
}
