// What a search found, marked in a memo's text: the search box's words and phrases (common's parseSearch), in any
// letter case. A `^regex` search marks nothing.
import { parseSearch } from "@memos/common/domain/search";

/** A run of a text, and whether a search term covers it. */
export interface MarkedRun {
  text: string;
  marked: boolean;
}

/** The terms to mark for the search box's text: none for a regular expression or an empty search. */
export function searchMarks(search: string | undefined): string[] {
  if (!search) return [];
  const parsed = parseSearch(search);
  return parsed.kind === "terms" ? parsed.terms : [];
}

/**
 * The text with each code point lowered when that keeps its length (`İ` lowers to two code units and is kept
 * as it is), so an index in the folded text is the same index in the text.
 */
function fold(text: string): string {
  let folded = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    folded += lower.length === char.length ? lower : char;
  }
  return folded;
}

/**
 * Splits `text` into runs, marking every occurrence of every term (case-insensitive); occurrences that touch or
 * overlap make one marked run. Without terms, or with no occurrence, one unmarked run.
 * @example markRuns("Login fails", ["login"]) // [{ text: "Login", marked: true }, { text: " fails", marked: false }]
 */
export function markRuns(text: string, terms: readonly string[]): MarkedRun[] {
  const folded = fold(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    const needle = fold(term);
    if (needle === "") continue;
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) ranges.push([at, at + needle.length]);
  }
  if (ranges.length === 0) return [{ text, marked: false }];
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const runs: MarkedRun[] = [];
  let from = 0;
  for (const [start, end] of merged) {
    if (start > from) runs.push({ text: text.slice(from, start), marked: false });
    runs.push({ text: text.slice(start, end), marked: true });
    from = end;
  }
  if (from < text.length) runs.push({ text: text.slice(from), marked: false });
  return runs;
}
