// What counts as this machine, for the rules that trust a caller or a page on it (the MCP origins, metrics without
// a token): a loopback address (127.0.0.0/8, ::1, and IPv4-mapped forms of them, as a socket on `::` reports them),
// and an origin whose host is `localhost` or such an address. A name that merely resolves to loopback is not one:
// that is what DNS rebinding uses.
import ipaddr from "ipaddr.js";

/** `address`: a socket's address, as Node reports it (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`); undefined: no socket. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

/** `origin`: a URL's origin (`http://localhost:6274`), as the URL parser wrote it. */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const { protocol, hostname } = new URL(origin);
  if (protocol !== "http:" && protocol !== "https:") return false;
  return hostname === "localhost" || isLoopbackAddress(hostname.replace(/^\[(.*)\]$/, "$1"));
}
