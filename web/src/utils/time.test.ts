import { describe, expect, it } from "vitest";
import { daysSince, formatClock, formatDate, formatFullTime, formatMemoTime, parseCreatedTime, toDatetimeLocal } from "./time";

const NOW = new Date(2025, 5, 15, 12, 0, 0).getTime();

describe("formatMemoTime", () => {
  it("is relative under a day", () => {
    expect(formatMemoTime(NOW - 3000, NOW)).toBe("now");
    expect(formatMemoTime(NOW - 45_000, NOW)).toBe("45 seconds ago");
    expect(formatMemoTime(NOW - 90_000, NOW)).toBe("1 minute ago");
    expect(formatMemoTime(NOW - 5 * 3_600_000, NOW)).toBe("5 hours ago");
  });

  it("is a date from a day on, and for the future", () => {
    expect(formatMemoTime(new Date(2025, 5, 14, 11, 59).getTime(), NOW)).toBe("2025/06/14 11:59");
    expect(formatMemoTime(new Date(2024, 0, 2, 3, 4).getTime(), NOW)).toBe("2024/01/02 03:04");
    expect(formatMemoTime(NOW + 60_000, NOW)).toBe("2025/06/15 12:01");
  });

  it("follows the language", () => {
    expect(formatMemoTime(NOW - 120_000, NOW, "fr")).toBe("il y a 2 minutes");
  });
});

describe("the digit forms", () => {
  const morning = new Date(2024, 2, 5, 9, 4, 7).getTime();

  it("write the local date and time zero-padded, 24-hour", () => {
    expect(formatFullTime(morning)).toBe("2024/03/05 09:04:07");
    expect(toDatetimeLocal(morning)).toBe("2024-03-05T09:04:07");
    expect(formatClock(new Date(2024, 2, 5, 21, 30).getTime())).toBe("21:30");
  });
});

describe("parseCreatedTime", () => {
  it("reads a minute-precise input (the field's step) in local time", () => {
    expect(parseCreatedTime("2025-06-15T10:30", NOW)).toBe(new Date(2025, 5, 15, 10, 30).getTime() / 1000);
  });

  it("gives Unix seconds for a past local time", () => {
    const value = toDatetimeLocal(NOW - 3_600_000);
    expect(parseCreatedTime(value, NOW)).toBe(Math.floor((NOW - 3_600_000) / 1000));
  });

  it("refuses future, empty and malformed values", () => {
    expect(parseCreatedTime(toDatetimeLocal(NOW + 60_000).slice(0, 16), NOW)).toBeNull();
    expect(parseCreatedTime("", NOW)).toBeNull();
    expect(parseCreatedTime("not a date", NOW)).toBeNull();
    expect(parseCreatedTime("2025-02-30T10:00", NOW)).toBeNull();
  });
});

describe("formatDate", () => {
  const friday = new Date(2024, 2, 15, 9, 5).getTime();

  it("names the weekday and month in the reader's language, never in English for another", () => {
    expect(formatDate(friday, "en", "day")).toBe("Fri, Mar 15, 2024");
    expect(formatDate(friday, "de", "day")).toBe("Fr., 15. März 2024");
    expect(formatDate(friday, "zh-Hans", "day")).toBe("2024年3月15日周五");
    expect(formatDate(friday, "zh", "day")).toBe("2024年3月15日周五");
    expect(formatDate(friday, "zh", "day")).not.toMatch(/Fri|Mar/);
  });

  it("has a long day for headings, a bare date, and a date with the time", () => {
    expect(formatDate(friday, "en", "long-day")).toBe("Friday, March 15, 2024");
    expect(formatDate(friday, "zh-Hans", "long-day")).toBe("2024年3月15日星期五");
    expect(formatDate(friday, "de", "long-day")).toBe("Freitag, 15. März 2024");
    expect(formatDate(friday, "en", "date")).toBe("Mar 15, 2024");
    expect(formatDate(friday, "de", "date")).toBe("15.03.2024");
    expect(formatDate(friday, "zh-Hans", "date")).toBe("2024年3月15日");
    expect(formatDate(friday, "de", "date-time")).toBe("15.03.2024, 09:05");
    expect(formatDate(friday, "zh-Hans", "date-time")).toBe("2024年3月15日 09:05");
    expect(formatDate(friday, "en", "date-time")).toMatch(/^Mar 15, 2024, 9:05\sAM$/);
  });
});

describe("daysSince", () => {
  const now = Date.UTC(2026, 11, 2, 12);
  it("is 0 on an account's first day, then counts whole days", () => {
    expect(daysSince(now / 1000 - 60, now)).toBe(0);
    expect(daysSince(now / 1000 - 86_399, now)).toBe(0);
    expect(daysSince(now / 1000 - 86_400, now)).toBe(1);
    expect(daysSince(now / 1000 - 10 * 86_400 - 5, now)).toBe(10);
    // A clock behind the server's reads no negative age.
    expect(daysSince(now / 1000 + 60, now)).toBe(0);
  });
});
