// Where a webhook may be sent. Outgoing requests never reach this server's own network unless the host allows it
// (`--webhook-allow-private`): loopback, private (RFC 1918, CGNAT), link-local (which holds the cloud metadata
// address 169.254.169.254), unique-local IPv6, multicast, reserved and unspecified addresses are refused. The HTTP
// client asks this for the address it is about to connect to (after DNS), so a name that resolves elsewhere
// later (DNS rebinding) is judged by the address actually used.
import { BlockList, isIP } from "node:net";

const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 (reaches IPv4 addresses, private ones included)
  ["2002::", 16], // 6to4 (likewise)
] as const) {
  refused.addSubnet(network, prefix, "ipv6");
}

/** IPv4 written inside IPv6 (`::ffff:10.0.0.1`, `::10.0.0.1`), judged as the IPv4 address it is. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : null;
}

/** Whether a webhook may connect to `address` (an IP literal, as DNS gave it). */
export function isAllowedWebhookAddress(address: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return true;
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return !refused.check(v4, "ipv4");
    return !refused.check(address, "ipv6");
  }
  return !refused.check(address, "ipv4");
}

/** Only http and https URLs are sent to. */
export const isAllowedWebhookScheme = (url: URL): boolean => url.protocol === "http:" || url.protocol === "https:";
