import { describe, expect, it } from "vitest";
import { addMonths, buildMonth, firstDayOfWeek, monthStart } from "./calendarMonth";

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m, d, h).getTime();

describe("buildMonth", () => {
  it("lays the days out in weeks from the first day of the week, with each day's count", () => {
    // March 2026 starts on a Sunday and has 31 days.
    const start = monthStart(local(2026, 2, 17, 15));
    expect(start).toBe(local(2026, 2, 1));
    const times = [local(2026, 2, 1, 9), local(2026, 2, 1, 23), local(2026, 2, 31, 12)].map((ms) => ms / 1000);
    const sundayFirst = buildMonth(start, times, 0);
    expect(sundayFirst).toHaveLength(5);
    expect(sundayFirst[0]![0]).toEqual({ date: local(2026, 2, 1), day: 1, count: 2 });
    expect(sundayFirst[4]![2]).toEqual({ date: local(2026, 2, 31), day: 31, count: 1 });
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
