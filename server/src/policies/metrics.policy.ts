// Who may read GET /metrics. The metrics show the instance's activity (how many requests, imports, webhooks), so
// they are off unless the host turns them on (`--metrics`); with `--metrics-token` a scraper must send that token as
// a Bearer credential. The token is compared by its SHA-256 in constant time: neither its length nor a prefix shows.
import { createHash, timingSafeEqual } from "node:crypto";

export type MetricsAccess = "off" | "missing-token" | "wrong-token" | "allowed";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** `authorization`: the request's Authorization header, as sent. */
export function metricsAccess(
  setting: { metrics: boolean; metricsToken: string | null },
  authorization: string | undefined,
): MetricsAccess {
  if (!setting.metrics) return "off";
  if (setting.metricsToken === null) return "allowed";
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (sent === undefined) return "missing-token";
  return timingSafeEqual(digest(sent), digest(setting.metricsToken)) ? "allowed" : "wrong-token";
}
