// Table test: which addresses the server may connect to, judged by the parsed address whatever its spelling.
import { describe, expect, it } from "vitest";
import { isAllowedWebhookAddress, isAllowedWebhookScheme, parseAddress, targetVerdict } from "./webhook-target.policy.js";

describe("webhook target addresses", () => {
  it.each([
    // public
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["192.0.3.1", "public"],
    ["198.20.0.1", "public"],
    ["223.255.255.255", "public"],
    ["2606:4700:4700::1111", "public"],
    ["2606:4700:4700:0:0:0:0:1111", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::808:808", "public"], // NAT64 of 8.8.8.8 (what DNS64 answers on an IPv6-only network)
    ["2002:808:808::1", "public"], // 6to4 of 8.8.8.8
    // loopback, in every spelling
    ["127.0.0.1", "not-public"],
    ["127.9.9.9", "not-public"],
    ["127.1", "not-public"],
    ["2130706433", "not-public"],
    ["0x7f.0.0.1", "not-public"],
    ["0x7f000001", "not-public"],
    ["0177.0.0.1", "not-public"],
    ["017700000001", "not-public"],
    ["::1", "not-public"],
    ["0:0:0:0:0:0:0:1", "not-public"],
    ["[::1]", "not-public"],
    ["::1%lo", "not-public"],
    // IPv4 inside IPv6: compatible, mapped, translated, NAT64, 6to4, Teredo
    ["::127.0.0.1", "not-public"],
    ["::7f00:1", "not-public"],
    ["::ffff:127.0.0.1", "not-public"],
    ["::FFFF:7F00:1", "not-public"],
    ["::ffff:10.0.0.1", "not-public"],
    ["::ffff:0:127.0.0.1", "not-public"],
    ["::ffff:0:7f00:1", "not-public"],
    ["::ffff:0:a00:1", "not-public"],
    ["64:ff9b::a00:1", "not-public"],
    ["64:ff9b::127.0.0.1", "not-public"],
    ["64:ff9b:1::808:808", "not-public"], // local-use NAT64, whatever it carries
    ["2002:7f00:1::", "not-public"],
    ["2002:c0a8:101::1", "not-public"],
    ["2001:0:7f00:1::", "not-public"], // Teredo server 127.0.0.1
    ["2001:0:808:808::f5ff:fffe", "not-public"], // Teredo client ~f5ff:fffe = 10.0.0.1
    // the rest of the non-public IPv4 space
    ["0.0.0.0", "not-public"],
    ["0", "not-public"],
    ["0.1.2.3", "not-public"],
    ["10.1.2.3", "not-public"],
    ["172.16.0.1", "not-public"],
    ["172.31.255.255", "not-public"],
    ["192.168.1.1", "not-public"],
    ["100.64.0.1", "not-public"],
    ["169.254.1.1", "not-public"],
    ["192.0.0.8", "not-public"],
    ["192.0.2.1", "not-public"],
    ["198.51.100.7", "not-public"],
    ["203.0.113.200", "not-public"],
    ["198.18.0.1", "not-public"],
    ["198.19.255.255", "not-public"],
    ["224.0.0.1", "not-public"],
    ["239.255.255.250", "not-public"],
    ["240.0.0.1", "not-public"],
    ["255.255.255.255", "not-public"],
    // the rest of the non-public IPv6 space
    ["::", "not-public"],
    ["fe80::1", "not-public"],
    ["FE80::1%eth0", "not-public"],
    ["fd00::1", "not-public"],
    ["fc12::1", "not-public"],
    ["fec0::1", "not-public"],
    ["ff02::1", "not-public"],
    ["ff0e::1", "not-public"],
    ["2001:db8::1", "not-public"],
    ["3fff::1", "not-public"],
    ["100::1", "not-public"],
    // cloud metadata, however written
    ["169.254.169.254", "metadata"],
    ["0xa9.0xfe.0xa9.0xfe", "metadata"],
    ["2852039166", "metadata"],
    ["0251.0376.0251.0376", "metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::a9fe:a9fe", "metadata"],
    ["64:ff9b::169.254.169.254", "metadata"],
    ["2002:a9fe:a9fe::", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["FD00:EC2:0:0:0:0:0:254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    // not an address
    ["not-an-ip", "not-public"],
    ["", "not-public"],
  ])("%s is %s", (address, verdict) => {
    expect(targetVerdict(address)).toBe(verdict);
  });

  it.each([
    ["8.8.8.8", false, true],
    ["8.8.8.8", true, true],
    ["127.0.0.1", false, false],
    ["127.0.0.1", true, true],
    ["::ffff:0:7f00:1", true, true],
    ["10.0.0.1", true, true],
    ["::1", true, true],
    ["169.254.1.1", true, true],
    ["169.254.169.254", true, false],
    ["::ffff:a9fe:a9fe", true, false],
    ["fd00:ec2::254", true, false],
    ["100.100.100.200", true, false],
    ["not-an-ip", true, false],
  ])("%s with --webhook-allow-private %s → allowed %s", (address, allowPrivate, allowed) => {
    expect(isAllowedWebhookAddress(address, allowPrivate)).toBe(allowed);
  });

  it.each([
    ["example.com", null],
    ["localhost", null],
    ["127.0.0.1", "127.0.0.1"],
    ["[::7f00:1]", "::7f00:1"],
    ["2130706433", "127.0.0.1"],
  ])("the host %s names the address %s", (host, address) => {
    expect(parseAddress(host)?.toString() ?? null).toBe(address);
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
