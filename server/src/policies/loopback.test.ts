// Table test: loopback addresses in the forms a socket reports them, and origins on this machine; names that only
// resolve here, private addresses and other schemes are not.
import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackOrigin } from "./loopback.js";

describe("isLoopbackAddress", () => {
  it.each<[string | undefined, boolean]>([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["192.168.1.10", false],
    ["203.0.113.5", false],
    ["::ffff:203.0.113.5", false],
    ["fe80::1", false],
    ["0.0.0.0", false],
    ["::", false],
    ["localhost", false],
    ["", false],
    [undefined, false],
  ])("%s: %s", (address, expected) => expect(isLoopbackAddress(address)).toBe(expected));
});

describe("isLoopbackOrigin", () => {
  it.each<[string, boolean]>([
    ["http://localhost:6274", true],
    ["http://localhost", true],
    ["https://localhost:8443", true],
    ["http://127.0.0.1:5230", true],
    ["http://127.1.2.3", true],
    ["http://[::1]:5230", true],
    ["http://localhost.evil.example", false],
    ["http://evil.example", false],
    ["http://127.0.0.1.nip.io", false],
    ["http://192.168.1.10:5230", false],
    ["http://[::ffff:c000:0280]", false],
    ["chrome-extension://abcdef", false],
    ["null", false],
    ["not a url", false],
  ])("%s: %s", (origin, expected) => expect(isLoopbackOrigin(origin)).toBe(expected));
});
