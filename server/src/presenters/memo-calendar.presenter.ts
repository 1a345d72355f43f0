// A day of the calendar as the wire's item: its count, and its first memo's opening words as plain text.
import type { MemoCalendarDay } from "@memos/common";

/** About a short line in a month cell; the cell itself clips to what fits. */
const FIRST_WORDS = 60;

/** The first words of a memo: Markdown's marks (headings, quotes, list bullets, emphasis, link targets) left out. */
function firstWords(head: string): string {
  const text = head
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= FIRST_WORDS) return text;
  const cut = text.slice(0, FIRST_WORDS);
  const space = cut.lastIndexOf(" ");
  return `${space > FIRST_WORDS / 2 ? cut.slice(0, space) : cut}…`;
}

export function presentCalendarDay(fromTs: number, count: number, first: { id: number; head: string } | undefined): MemoCalendarDay {
  return { fromTs, count, first: first ? { id: first.id, snippet: firstWords(first.head) } : null };
}
