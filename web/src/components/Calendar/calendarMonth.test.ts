import { describe, expect, it } from "vitest";
import { addMonths, buildMonth, firstDayOfWeek, monthBounds, monthStart } from "./calendarMonth";

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m, d, h).getTime();

describe("monthBounds", () => {
  it("gives each local midnight of the month and the next month's first, in seconds", () => {
    const bounds = monthBounds(local(2026, 2, 1));
    expect(bounds).toHaveLength(32);
    expect(bounds[0]).toBe(local(2026, 2, 1) / 1000);
    expect(bounds[31]).toBe(local(2026, 3, 1) / 1000);
    expect(monthBounds(local(2026, 1, 1))).toHaveLength(29);
  });
});

describe("buildMonth", () => {
  it("lays the days out in weeks from the first day of the week, with each day's count", () => {
    // March 2026 starts on a Sunday and has 31 days.
    const start = monthStart(local(2026, 2, 17, 15));
    expect(start).toBe(local(2026, 2, 1));
    const first = { id: 7, snippet: "Morning run" };
    const times = [
      { fromTs: local(2026, 2, 1) / 1000, count: 2, first },
      { fromTs: local(2026, 2, 31) / 1000, count: 1, first: { id: 9, snippet: "Last one" } },
    ];
    const sundayFirst = buildMonth(start, times, 0);
    expect(sundayFirst).toHaveLength(5);
    expect(sundayFirst[0]![0]).toEqual({ date: local(2026, 2, 1), day: 1, count: 2, first });
    expect(sundayFirst[0]![1]).toEqual({ date: local(2026, 2, 2), day: 2, count: 0, first: null });
    expect(sundayFirst[4]![2]).toEqual({ date: local(2026, 2, 31), day: 31, count: 1, first: { id: 9, snippet: "Last one" } });
    expect(sundayFirst[4]![3]).toBeNull();
    const mondayFirst = buildMonth(start, times, 1);
    expect(mondayFirst[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(mondayFirst[0]![6]?.day).toBe(1);
    expect(mondayFirst).toHaveLength(6);
  });

  it("moves by months across years", () => {
    expect(addMonths(local(2026, 11, 1), 1)).toBe(local(2027, 0, 1));
    expect(addMonths(local(2026, 0, 1), -1)).toBe(local(2025, 11, 1));
  });

  it("knows the first day of the week where Intl says it, Sunday otherwise", () => {
    expect([0, 1]).toContain(firstDayOfWeek("de"));
    expect(firstDayOfWeek("not a language")).toBe(0);
  });
});
