import { describe, expect, it } from "vitest";
import { TokenRate } from "./token-rate.js";

describe("TokenRate", () => {
  it("allows a burst of perMinute, then one request per 60/perMinute seconds, per token", () => {
    let now = 1_000_000;
    const rate = new TokenRate(6, () => now);
    for (let i = 0; i < 6; i++) expect(rate.take(1)).toBe(0);
    expect(rate.take(1)).toBe(10);
    // Another token has its own bucket.
    expect(rate.take(2)).toBe(0);
    now += 9_000;
    expect(rate.take(1)).toBe(1);
    now += 1_000;
    expect(rate.take(1)).toBe(0);
    expect(rate.take(1)).toBe(10);
    // A minute idle fills the bucket again, never above perMinute.
    now += 600_000;
    for (let i = 0; i < 6; i++) expect(rate.take(1)).toBe(0);
    expect(rate.take(1)).toBeGreaterThan(0);
  });
});
