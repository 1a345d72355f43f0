// Buckets memo display times into the usage heat map: 12 week columns of 7 days (Sunday first), ending with
// the current week, counted per local calendar day.

export interface HeatCell {
  /** Local midnight of the day, in ms. */
  date: number;
  count: number;
}

/** A day cell, or null for the days of this week still to come. */
type HeatSlot = HeatCell | null;

export interface HeatMap {
  /** weeks[column][row]: column 0 is the oldest week, row 0 is Sunday. */
  weeks: HeatSlot[][];
  /** The highest count of any day, at least 1 (so shade ratios never divide by 0). */
  max: number;
  total: number;
}

const DAYS_PER_WEEK = 7;

/** Local midnight of the day holding `ms`. */
export function startOfLocalDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Local midnight `days` days after `midnight` (calendar arithmetic, so DST changes are safe). */
export function addLocalDays(midnight: number, days: number): number {
  const date = new Date(midnight);
  date.setDate(date.getDate() + days);
  return date.getTime();
}

/** Local midnight of the heat map's first (oldest) day: the Sunday `weekCount - 1` weeks before this week's. */
export function heatMapStart(now: number, weekCount = 12): number {
  const today = startOfLocalDay(now);
  return addLocalDays(today, -new Date(today).getDay() - (weekCount - 1) * DAYS_PER_WEEK);
}

/**
 * @param displayTimes memo display times in Unix seconds (GET /api/memo/stats)
 * @param now the current time in ms
 */
export function buildHeatMap(displayTimes: readonly number[], now: number, weekCount = 12): HeatMap {
  const today = startOfLocalDay(now);
  const firstDay = heatMapStart(now, weekCount);

  const counts = new Map<number, number>();
  for (const seconds of displayTimes) {
    const day = startOfLocalDay(seconds * 1000);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }

  const weeks: HeatSlot[][] = [];
  let max = 1;
  let total = 0;
  for (let column = 0; column < weekCount; column++) {
    const week: HeatSlot[] = [];
    for (let row = 0; row < DAYS_PER_WEEK; row++) {
      const date = addLocalDays(firstDay, column * DAYS_PER_WEEK + row);
      if (date > today) {
        week.push(null);
        continue;
      }
      const count = counts.get(date) ?? 0;
      max = Math.max(max, count);
      total += count;
      week.push({ date, count });
    }
    weeks.push(week);
  }
  return { weeks, max, total };
}

/** The shade step of a cell, 0 (no memos) to 4 (the busiest day). */
export function heatLevel(count: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0) return 0;
  const ratio = count / max;
  if (ratio <= 0.25) return 1;
  if (ratio <= 0.5) return 2;
  if (ratio <= 0.75) return 3;
  return 4;
}
