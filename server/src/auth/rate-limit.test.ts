import { describe, expect, it } from "vitest";
import { addressBucket, failureKeys } from "./rate-limit.js";

describe("addressBucket", () => {
  it("keeps IPv4, also when IPv4-mapped", () => {
    expect(addressBucket("192.0.2.7")).toBe("192.0.2.7");
    expect(addressBucket("::ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("groups IPv6 by /64, however it is written", () => {
    const bucket = "2001:db8:0:1::/64";
    for (const ip of ["2001:db8:0:1::1", "2001:0DB8:0000:0001:ffff:ffff:ffff:ffff", "2001:db8::1:0:0:0:9", "2001:db8:0:1::2%eth0"]) {
      expect(addressBucket(ip)).toBe(bucket);
    }
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("2001:db8:0:2::1")).not.toBe(bucket);
    expect(addressBucket("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});

describe("failureKeys", () => {
  it("are 32 hex characters whatever the input, the username ignoring case and width", () => {
    const keys = failureKeys("x".repeat(1 << 20), "192.0.2.7");
    expect(keys.account).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.address).toMatch(/^[0-9a-f]{32}$/);
    expect(failureKeys("ＨＯＳＴ", "192.0.2.7").account).toBe(failureKeys("host", "10.0.0.1").account);
    expect(failureKeys("host", "192.0.2.7").address).not.toBe(failureKeys("host", "192.0.2.8").address);
  });
});
