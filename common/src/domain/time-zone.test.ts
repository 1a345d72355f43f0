import { describe, expect, it } from "vitest";
import { isTimeZone, zonedDayStart } from "./time-zone.js";

describe("zonedDayStart", () => {
  it("is midnight UTC without a zone", () => {
    expect(zonedDayStart("2026-11-24")).toBe(Date.UTC(2026, 10, 24) / 1000);
    expect(zonedDayStart("2026-11-24", "UTC", 1)).toBe(Date.UTC(2026, 10, 25) / 1000);
  });

  it("is the zone's midnight, across daylight saving and year ends", () => {
    // Berlin: UTC+1 in winter, UTC+2 in summer.
    expect(zonedDayStart("2026-11-24", "Europe/Berlin")).toBe(Date.UTC(2026, 10, 23, 23) / 1000);
    expect(zonedDayStart("2026-07-01", "Europe/Berlin")).toBe(Date.UTC(2026, 5, 30, 22) / 1000);
    // The day the clocks go forward is 23 hours long.
    const spring = zonedDayStart("2026-03-29", "Europe/Berlin");
    expect(zonedDayStart("2026-03-29", "Europe/Berlin", 1) - spring).toBe(23 * 3600);
    expect(zonedDayStart("2026-12-31", "America/Los_Angeles", 1)).toBe(Date.UTC(2027, 0, 1, 8) / 1000);
    expect(zonedDayStart("2026-11-24", "Asia/Kolkata")).toBe(Date.UTC(2026, 10, 23, 18, 30) / 1000);
  });

  it("starts a day that begins in a gap at the gap's end", () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06.
    expect(zonedDayStart("2026-09-06", "America/Santiago")).toBe(Date.UTC(2026, 8, 6, 4) / 1000);
  });

  it("knows the zones Intl knows", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
