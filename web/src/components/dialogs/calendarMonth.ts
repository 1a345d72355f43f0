// A month of the calendar: weeks of local days (null before the first and after the last day), starting on the
// language's first day of the week, with each day's memo count.
import { addLocalDays, startOfLocalDay } from "../Sidebar/heatmap";

export interface CalendarDay {
  /** Local midnight, in ms. */
  date: number;
  day: number;
  count: number;
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
 * The weeks of the month starting at `start`, each 7 slots from `weekStart`.
 * @param displayTimes memo display times in Unix seconds (GET /api/memo/stats for the month)
 */
export function buildMonth(start: number, displayTimes: readonly number[], weekStart: number): (CalendarDay | null)[][] {
  const counts = new Map<number, number>();
  for (const seconds of displayTimes) {
    const day = startOfLocalDay(seconds * 1000);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const end = addMonths(start, 1);
  const lead = (new Date(start).getDay() - weekStart + 7) % 7;
  const slots: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  for (let date = start; date < end; date = addLocalDays(date, 1)) {
    slots.push({ date, day: new Date(date).getDate(), count: counts.get(date) ?? 0 });
  }
  while (slots.length % 7 !== 0) slots.push(null);
  return Array.from({ length: slots.length / 7 }, (_, week) => slots.slice(week * 7, week * 7 + 7));
}
