// A day of the calendar as the wire's item: its count, and its first memo's opening words as plain text.
import type { MemoCalendarDay } from "@memos/common";
import { firstWords } from "./first-words.js";

/** About a short line in a month cell; the cell itself clips to what fits. */
const FIRST_WORDS = 60;

export function presentCalendarDay(fromTs: number, count: number, first: { id: number; head: string } | undefined): MemoCalendarDay {
  return { fromTs, count, first: first ? { id: first.id, snippet: firstWords(first.head, FIRST_WORDS) } : null };
}
