// A month of the calendar: weeks of local days (null before the first and after the last day), starting on the
// language's first day of the week, with each day's memo count and the opening words of its first memo.
import type { MemoCalendarDay } from "@memos/common";
import { addLocalDays } from "../Sidebar/heatmap";

export interface CalendarDay {
  /** Local midnight, in ms. */
  date: number;
  day: number;
  count: number;
  /** The day's first memo (by display time), in a few words; null on a day without memos. */
  first: { id: number; snippet: string } | null;
}

/** The first day of the week in `language` (0 Sunday … 6 Saturday), from Intl where the browser says it. */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    return firstDay === undefined ? 0 : firstDay % 7;
  } catch {
    return 0;
  }
}

/** Local midnight of the first day of the month holding `ms`. */
export function monthStart(ms: number): number {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), 1).getTime();
}

/** Local midnight of the first day of the month `months` after the one starting at `start`. */
export function addMonths(start: number, months: number): number {
  const date = new Date(start);
  return new Date(date.getFullYear(), date.getMonth() + months, 1).getTime();
}

/**
 * The bounds of the month's local days, in Unix seconds: each local midnight from `start` to the next month's first
 * (a month of 31 days has 32), as GET /api/memo/calendar takes them, so a day is the browser's day, summer time included.
 */
export function monthBounds(start: number): number[] {
  const end = addMonths(start, 1);
  const bounds: number[] = [];
  for (let date = start; date <= end; date = addLocalDays(date, 1)) bounds.push(Math.floor(date / 1000));
  return bounds;
}

/**
 * The weeks of the month starting at `start`, each 7 slots from `weekStart`.
 * @param days the month's days from GET /api/memo/calendar (absent while it loads: every day empty)
 */
export function buildMonth(start: number, days: readonly MemoCalendarDay[], weekStart: number): (CalendarDay | null)[][] {
  const byStart = new Map(days.map((day) => [day.fromTs * 1000, day]));
  const end = addMonths(start, 1);
  const lead = (new Date(start).getDay() - weekStart + 7) % 7;
  const slots: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  for (let date = start; date < end; date = addLocalDays(date, 1)) {
    const known = byStart.get(date);
    slots.push({ date, day: new Date(date).getDate(), count: known?.count ?? 0, first: known?.first ?? null });
  }
  while (slots.length % 7 !== 0) slots.push(null);
  return Array.from({ length: slots.length / 7 }, (_, week) => slots.slice(week * 7, week * 7 + 7));
}
