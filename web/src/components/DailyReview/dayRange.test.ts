import { afterEach, describe, expect, it } from "vitest";
import { memoFixture } from "../../test/fixtures";
import { dayRange, fromDateInput, oldestFirst, shiftDay, toDateInput } from "./dayRange";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

const hours = (range: { from: number; to: number }) => (range.to - range.from) / 3600;

describe("dayRange", () => {
  it("runs from local midnight to the next local midnight", () => {
    process.env.TZ = "Asia/Tokyo";
    const range = dayRange(new Date(2025, 5, 15, 13, 45));
    expect(range.from).toBe(new Date(2025, 5, 15).getTime() / 1000);
    expect(range.to).toBe(new Date(2025, 5, 16).getTime() / 1000);
    // Tokyo is UTC+9: local midnight is 15:00 UTC the day before.
    expect(new Date(range.from * 1000).toISOString()).toBe("2025-06-14T15:00:00.000Z");
    expect(hours(range)).toBe(24);
  });

  it("is the same day for its first and last second", () => {
    process.env.TZ = "Europe/Berlin";
    const first = dayRange(new Date(2025, 0, 1, 0, 0, 0));
    const last = dayRange(new Date(2025, 0, 1, 23, 59, 59));
    expect(first).toEqual(last);
  });

  it("keeps midnight boundaries across daylight saving changes", () => {
    process.env.TZ = "America/New_York";
    const spring = dayRange(new Date(2024, 2, 10));
    expect(hours(spring)).toBe(23);
    expect(new Date(spring.to * 1000).getHours()).toBe(0);
    const autumn = dayRange(new Date(2024, 10, 3));
    expect(hours(autumn)).toBe(25);
    expect(new Date(autumn.to * 1000).getHours()).toBe(0);
    expect(new Date(autumn.to * 1000).getDate()).toBe(4);
  });

  it("steps whole calendar days over a DST change", () => {
    process.env.TZ = "Europe/Berlin";
    const saturday = new Date(2025, 2, 29);
    const monday = shiftDay(saturday, 2);
    expect(toDateInput(monday)).toBe("2025-03-31");
    expect(monday.getHours()).toBe(0);
    expect(toDateInput(shiftDay(monday, -2))).toBe("2025-03-29");
    // The next day's range starts where the previous one ended.
    expect(dayRange(shiftDay(saturday, 1)).to).toBe(dayRange(monday).from);
  });
});

describe("fromDateInput", () => {
  it("reads a date input as that local day", () => {
    const day = fromDateInput("2025-02-28");
    expect(day && toDateInput(day)).toBe("2025-02-28");
    expect(day?.getHours()).toBe(0);
  });

  it.each(["", "2025-02-30", "28/02/2025", "2025-2-3"])("refuses %j", (value) => {
    expect(fromDateInput(value)).toBeNull();
  });
});

describe("oldestFirst", () => {
  it("sorts by display time ascending, ties by id", () => {
    const memo = (id: number, displayTs: number) => memoFixture({ id, displayTs });
    const sorted = oldestFirst([memo(1, 300), memo(3, 100), memo(2, 100)]);
    expect(sorted.map((item) => item.id)).toEqual([2, 3, 1]);
  });
});
