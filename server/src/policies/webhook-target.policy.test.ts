// Table test: which addresses a webhook may connect to.
import { describe, expect, it } from "vitest";
import { isAllowedWebhookAddress, isAllowedWebhookScheme } from "./webhook-target.policy.js";

describe("webhook target addresses", () => {
  it.each([
    ["93.184.216.34", true],
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["127.9.9.9", false],
    ["0.0.0.0", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["100.64.0.1", false],
    ["169.254.169.254", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["fc12::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["64:ff9b::a00:1", false],
    ["not-an-ip", false],
  ])("%s → %s", (address, allowed) => {
    expect(isAllowedWebhookAddress(address, false)).toBe(allowed);
  });

  it("the host may allow private targets", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "::1", "169.254.169.254"]) expect(isAllowedWebhookAddress(address, true)).toBe(true);
  });

  it.each([
    ["http://example.com/hook", true],
    ["https://example.com/hook", true],
    ["ftp://example.com/hook", false],
    ["file:///etc/passwd", false],
    ["gopher://example.com", false],
  ])("scheme of %s → %s", (url, allowed) => {
    expect(isAllowedWebhookScheme(new URL(url))).toBe(allowed);
  });
});
