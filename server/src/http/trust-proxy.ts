// Whose X-Forwarded-* headers are believed (`--trust-proxy`): the client's address (every per-address limit, a
// session's address, the log) and the scheme are read from them only as far as trusted proxies wrote them. Each proxy
// appends the address it saw to X-Forwarded-For, so the entries on the right are the proxies' and the left-most is
// whatever the client wrote: the address is the right-most entry that a trusted proxy added.
import ipaddr from "ipaddr.js";

/**
 * `false`: no proxy (the socket's address); a number: the nearest that many proxies, whatever their address; a list:
 * proxies at these addresses, CIDR ranges or named ranges, however many.
 */
export type TrustProxy = false | number | readonly string[];

/** The ranges proxy-addr (Fastify's reader of X-Forwarded-For) knows by name. */
export const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"] as const;

/** The most proxies a hop count may name. */
export const MAX_PROXY_HOPS = 10;

/**
 * Whether `entry` names proxies as Fastify takes them: an IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a
 * range's name. IPv4 in its four-part decimal form only, so `127.1` or `0x7f000001` is not taken for an address.
 */
export function isProxyAddress(entry: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return true;
  if (entry.includes("/")) return ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) || ipaddr.IPv6.isValidCIDR(entry);
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
}

/**
 * Fastify's `trustProxy` option for `trust`. A hop count is a function of our own: Fastify 5.12 takes a number as
 * "trust no one" (it cannot check the nearest peer), which would give every visitor the proxy's address.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return [...trust];
}

const isLoopback = (addr: string) => addr === "localhost" || (ipaddr.isValid(addr) && ipaddr.process(addr).range() === "loopback");

/**
 * Said at start when a hop count is believed from whoever connects and memos listens beyond loopback: a client that
 * reaches memos without the proxy writes the address it wants. Null when there is nothing to say.
 */
export function hopCountWarning(trust: TrustProxy, addr: string): string | null {
  if (typeof trust !== "number" || isLoopback(addr)) return null;
  return (
    `--trust-proxy ${trust} believes the nearest ${trust} X-Forwarded-For entries from whoever connects, and memos listens on ${addr}: ` +
    "a client that reaches it without the proxy chooses its own address for the sign-in limits. Give the proxies' addresses " +
    "instead (--trust-proxy 127.0.0.1, 10.0.0.0/8, uniquelocal) or listen on 127.0.0.1."
  );
}
