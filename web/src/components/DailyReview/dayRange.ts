// The local calendar day the daily review shows, as the [from, to) range of Unix seconds the memo list takes.
import type { Memo } from "@memos/common";
import { localDigits } from "../../utils/time";

export interface DayRange {
  /** Local midnight that starts the day, Unix seconds (inclusive). */
  from: number;
  /** Local midnight that starts the next day, Unix seconds (exclusive). */
  to: number;
}

/** Local midnight that starts the day `delta` calendar days from the one `date` falls on. */
const midnight = (date: Date, delta = 0): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + delta);

/**
 * The local day around `day`. Days are stepped by calendar date, not by 86 400 s, so a day with a daylight
 * saving change is 23 or 25 hours long and still ends at midnight.
 * @example dayRange(new Date(2024, 2, 10, 13)) // { from: <2024-03-10 00:00 local>, to: <2024-03-11 00:00 local> }
 */
export function dayRange(day: Date): DayRange {
  return { from: Math.floor(midnight(day).getTime() / 1000), to: Math.floor(midnight(day, 1).getTime() / 1000) };
}

/** The start of the day `delta` calendar days away. */
export const shiftDay = (day: Date, delta: number): Date => midnight(day, delta);

/** The start of today, local time. */
export const today = (): Date => midnight(new Date());

/** The value of an `<input type="date">`. */
export function toDateInput(day: Date): string {
  const { year, month, day: date } = localDigits(day.getTime());
  return `${year}-${month}-${date}`;
}

/** Reads an `<input type="date">` value as a local day, or null when it is empty or not a date. */
export function fromDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const parsed = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDateInput(parsed) === value ? parsed : null;
}

/** The review reads like a diary: oldest first, ties by id. */
export const oldestFirst = (memos: readonly Memo[]): Memo[] => [...memos].sort((a, b) => a.displayTs - b.displayTs || a.id - b.id);
