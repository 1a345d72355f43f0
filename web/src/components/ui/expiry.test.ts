import { describe, expect, it } from "vitest";
import { expiresTsOf, expiryInDays } from "./expiry";

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
const onDay = (date: string) => expiresTsOf({ choice: "date", date }, NOW);

describe("expiresTsOf", () => {
  it("counts days from now, and never is no expiry", () => {
    expect(expiresTsOf(expiryInDays(7), NOW)).toBe(NOW / 1000 + 7 * 86_400);
    expect(expiresTsOf(expiryInDays(90), NOW)).toBe(NOW / 1000 + 90 * 86_400);
    expect(expiresTsOf({ choice: "never", date: "" }, NOW)).toBeUndefined();
  });

  it("a chosen day ends at its last second, local time; a past or malformed day is refused", () => {
    const end = new Date(onDay("2026-02-01")! * 1000);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 1, 1, 23, 59]);
    expect(onDay("2025-12-31")).toBeNull();
    expect(onDay("")).toBeNull();
    expect(onDay("2026-13-40")).toBeNull();
  });
});
