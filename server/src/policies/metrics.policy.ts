// Who may read GET /metrics. The metrics show the instance's activity (how many requests to which routes, imports,
// webhooks), so they are off unless the host turns them on (`--metrics`).
//   - With `--metrics-token`, a scraper must send that token as a Bearer credential, from anywhere. The token is
//     compared by its SHA-256 in constant time: neither its length nor a prefix shows.
//   - Without a token, only this machine may read them: the request's socket comes from a loopback address, and it
//     was not relayed by a proxy (it carries none of Forwarded, Via, X-Real-IP, X-Forwarded-*), since a proxy on
//     the same machine connects from a loopback address on behalf of anyone. The socket's address, never
//     `request.ip`: with --trust-proxy that is read from X-Forwarded-For, which the client writes. A proxy that
//     adds none of those headers makes its clients look local: behind one, set the token.
import { createHash, timingSafeEqual } from "node:crypto";
import { isLoopbackAddress } from "./loopback.js";

export type MetricsAccess = "off" | "missing-token" | "wrong-token" | "not-loopback" | "allowed";

export interface MetricsSetting {
  metrics: boolean;
  metricsToken: string | null;
}

export interface MetricsRequest {
  /** The Authorization header, as sent. */
  authorization: string | undefined;
  /** The socket's remote address. */
  peerAddress: string | undefined;
  /** The request carries a header a proxy adds (`relayedByProxy`). */
  relayed: boolean;
}

const PROXY_HEADERS = new Set(["forwarded", "via", "x-real-ip"]);

/** Whether the request's headers (names in lower case, as Node gives them) show a proxy relayed it. */
export const relayedByProxy = (headers: Record<string, unknown>): boolean =>
  Object.keys(headers).some((name) => PROXY_HEADERS.has(name) || name.startsWith("x-forwarded-"));

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsAccess(setting: MetricsSetting, request: MetricsRequest): MetricsAccess {
  if (!setting.metrics) return "off";
  if (setting.metricsToken === null) return isLoopbackAddress(request.peerAddress) && !request.relayed ? "allowed" : "not-loopback";
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? "")?.[1];
  if (sent === undefined) return "missing-token";
  return timingSafeEqual(digest(sent), digest(setting.metricsToken)) ? "allowed" : "wrong-token";
}
