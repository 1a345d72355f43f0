// Where the server may send a request (webhooks are its only outgoing requests). Every address is parsed
// (ipaddr.js: IPv4 in decimal, octal or hex parts, IPv6 in any compression or case, zone ids) and judged by what it
// is, never by how it is spelled:
// - public: allowed;
// - not public (loopback, private, link-local, unique-local, documentation, benchmarking, reserved, multicast,
//   broadcast, "this network", and IPv6 that carries a non-public IPv4 address): allowed only with
//   `--webhook-allow-private`, for a home network whose receivers live next to memos;
// - a cloud metadata endpoint: never, whatever the flag. No home network needs one, and on a cloud server it hands
//   out the machine's credentials.
// The HTTP client asks this for the address it is about to connect to (after DNS), so a name that resolves
// elsewhere later (DNS rebinding) is judged by the address actually used; an IP literal is judged when saved too.
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type TargetVerdict = "public" | "not-public" | "metadata";

const cidrs = (list: string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));

/** Cloud metadata endpoints: AWS, GCP, Azure, Oracle (169.254.169.254), AWS IPv6, AWS ECS task credentials, Alibaba. */
const METADATA = cidrs(["169.254.169.254/32", "fd00:ec2::254/128", "169.254.170.2/32", "100.100.100.200/32"]);

const NOT_PUBLIC_V4 = cidrs([
  "0.0.0.0/8", // "this network", the unspecified address
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local
  "172.16.0.0/12",
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.88.99.0/24", // the retired 6to4 relay anycast
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, with the broadcast address 255.255.255.255
]);

const NOT_PUBLIC_V6 = cidrs([
  "::/128", // unspecified
  "::1/128", // loopback
  "64:ff9b:1::/48", // local-use NAT64: where the IPv4 address sits is the local network's choice
  "100::/64", // discard-only
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "fec0::/10", // the retired site-local
  "ff00::/8", // multicast
]);

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
const inPrefix = (address: ipaddr.IPv6, cidr: string) => address.match(ipaddr.IPv6.parseCIDR(cidr));

/**
 * The IPv4 addresses an IPv6 address carries, which the packets reach: IPv4-compatible (::/96), IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96): the last 32 bits; 6to4 (2002::/16): bits
 * 16–47; Teredo (2001::/32): the server (bits 32–63) and the client (the last 32 bits, inverted).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  if (
    inPrefix(address, "::/96") ||
    inPrefix(address, "::ffff:0:0/96") ||
    inPrefix(address, "::ffff:0:0:0/96") ||
    inPrefix(address, "64:ff9b::/96")
  ) {
    return [ipv4(p[6]!, p[7]!)];
  }
  if (inPrefix(address, "2002::/16")) return [ipv4(p[1]!, p[2]!)];
  if (inPrefix(address, "2001::/32")) return [ipv4(p[2]!, p[3]!), ipv4(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
  return [];
}

const RANK: Record<TargetVerdict, number> = { public: 0, "not-public": 1, metadata: 2 };
const worst = (verdicts: TargetVerdict[]): TargetVerdict => verdicts.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), "public");

function judge(address: Address): TargetVerdict {
  const matches = (list: [Address, number][]) =>
    list.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
  if (matches(METADATA)) return "metadata";
  if (address.kind() === "ipv4") return matches(NOT_PUBLIC_V4) ? "not-public" : "public";
  const own: TargetVerdict = matches(NOT_PUBLIC_V6) ? "not-public" : "public";
  return worst([own, ...embeddedIpv4(address as ipaddr.IPv6).map(judge)]);
}

/** The address a host names, when it is an IP literal (IPv6 with or without its URL brackets); null for a name. */
export function parseAddress(host: string): Address | null {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** What kind of target `address` is (an IP address in any spelling); anything that is not one counts as not public. */
export function targetVerdict(address: string): TargetVerdict {
  const parsed = parseAddress(address);
  return parsed ? judge(parsed) : "not-public";
}

/** Whether the server may connect to a target of this verdict. */
export const isAllowedTarget = (verdict: TargetVerdict, allowPrivate: boolean): boolean =>
  verdict === "public" || (verdict === "not-public" && allowPrivate);

/** Whether a webhook may connect to `address` (an IP address, as DNS gave it or as the URL wrote it; nothing else). */
export function isAllowedWebhookAddress(address: string, allowPrivate: boolean): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && isAllowedTarget(judge(parsed), allowPrivate);
}

/** Only http and https URLs are sent to. */
export const isAllowedWebhookScheme = (url: URL): boolean => url.protocol === "http:" || url.protocol === "https:";
