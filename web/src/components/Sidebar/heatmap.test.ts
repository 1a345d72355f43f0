import { describe, expect, it } from "vitest";
import { addLocalDays, buildHeatMap, heatLevel, heatMapStart, startOfLocalDay } from "./heatmap";

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const sec = (ms: number) => Math.floor(ms / 1000);

describe("buildHeatMap", () => {
  // Wednesday 2024-05-15, 10:00 local.
  const now = at(2024, 5, 15, 10);

  it("has 12 columns of 7 rows, Sunday first, ending with the current week", () => {
    const { weeks } = buildHeatMap([], now);
    expect(weeks).toHaveLength(12);
    for (const week of weeks) expect(week).toHaveLength(7);
    const first = weeks[0]![0]!;
    expect(new Date(first.date).getDay()).toBe(0);
    const last = weeks[11]!;
    expect(last[3]!.date).toBe(startOfLocalDay(now));
    // Thursday to Saturday of this week have not happened yet.
    expect(last.slice(4)).toEqual([null, null, null]);
    // 11 full weeks before this one.
    expect(first.date).toBe(at(2024, 2, 25, 0));
  });

  it("counts memos per local day, including the edges of the day", () => {
    const { weeks, max, total } = buildHeatMap(
      [sec(at(2024, 5, 15, 0, 0)), sec(at(2024, 5, 15, 9, 59)), sec(at(2024, 5, 14, 23, 59)), sec(at(2024, 5, 13, 8))],
      now,
    );
    const week = weeks[11]!;
    expect(week[3]!.count).toBe(2);
    expect(week[2]!.count).toBe(1);
    expect(week[1]!.count).toBe(1);
    expect(week[0]!.count).toBe(0);
    expect(max).toBe(2);
    expect(total).toBe(4);
  });

  it("leaves out memos older than the grid or in the future", () => {
    const { total } = buildHeatMap([sec(at(2024, 2, 24, 23, 59)), sec(at(2024, 5, 16, 1)), sec(at(2024, 2, 25, 0, 0))], now);
    expect(total).toBe(1);
  });

  it("max is at least 1 when there are no memos", () => {
    expect(buildHeatMap([], now).max).toBe(1);
  });

  it("on a Saturday the last column is full; on a Sunday it has one day", () => {
    expect(buildHeatMap([], at(2024, 5, 18)).weeks[11]!.every((cell) => cell !== null)).toBe(true);
    const sunday = buildHeatMap([], at(2024, 5, 19)).weeks[11]!;
    expect(sunday.filter((cell) => cell !== null)).toHaveLength(1);
  });

  it("every cell is one calendar day after the previous", () => {
    const cells = buildHeatMap([], now)
      .weeks.flat()
      .filter((cell) => cell !== null);
    for (let i = 1; i < cells.length; i++) expect(cells[i]!.date).toBe(addLocalDays(cells[i - 1]!.date, 1));
    expect(cells).toHaveLength(11 * 7 + 4);
  });
});

describe("heatMapStart", () => {
  it("is the first cell's day, so stats asked from it cover every cell shown", () => {
    for (const now of [at(2024, 5, 15, 10), at(2024, 5, 18, 23, 59), at(2024, 5, 19, 0, 1), at(2024, 3, 31, 12)]) {
      const start = heatMapStart(now);
      expect(start).toBe(buildHeatMap([], now).weeks[0]![0]!.date);
      // A memo at the very first moment of the window is counted; one a second earlier could not be shown.
      expect(buildHeatMap([sec(start)], now).total).toBe(1);
      expect(buildHeatMap([sec(start) - 1], now).total).toBe(0);
    }
  });
});

describe("heatLevel", () => {
  it.each([
    [0, 8, 0],
    [1, 8, 1],
    [2, 8, 1],
    [3, 8, 2],
    [6, 8, 3],
    [7, 8, 4],
    [8, 8, 4],
    [1, 1, 4],
  ])("%i of %i → level %i", (count, max, level) => {
    expect(heatLevel(count, max)).toBe(level);
  });
});
