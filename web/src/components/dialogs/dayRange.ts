// The local calendar day the daily review shows, as the [from, to) range of Unix seconds the memo list takes.
import type { Memo } from "@memos/common";
import dayjs, { type Dayjs } from "dayjs";

export interface DayRange {
  /** Local midnight that starts the day, Unix seconds (inclusive). */
  from: number;
  /** Local midnight that starts the next day, Unix seconds (exclusive). */
  to: number;
}

/**
 * The local day around `day`. Days are stepped by calendar date, not by 86 400 s, so a day with a daylight
 * saving change is 23 or 25 hours long and still ends at midnight.
 * @example dayRange(dayjs("2024-03-10")) // { from: <2024-03-10 00:00 local>, to: <2024-03-11 00:00 local> }
 */
export function dayRange(day: Dayjs): DayRange {
  const start = day.startOf("day");
  const end = start.add(1, "day").startOf("day");
  return { from: Math.floor(start.valueOf() / 1000), to: Math.floor(end.valueOf() / 1000) };
}

/** The start of the day `delta` calendar days away. */
export const shiftDay = (day: Dayjs, delta: number): Dayjs => day.startOf("day").add(delta, "day").startOf("day");

/** The value of an `<input type="date">`. */
export const toDateInput = (day: Dayjs): string => day.format("YYYY-MM-DD");

/** Reads an `<input type="date">` value as a local day, or null when it is empty or not a date. */
export function fromDateInput(value: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() && parsed.format("YYYY-MM-DD") === value ? parsed.startOf("day") : null;
}

/** The review reads like a diary: oldest first, ties by id. */
export const oldestFirst = (memos: readonly Memo[]): Memo[] => [...memos].sort((a, b) => a.displayTs - b.displayTs || a.id - b.id);
