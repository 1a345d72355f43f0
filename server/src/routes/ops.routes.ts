// GET /healthz, /readyz and /metrics: for probes and scrapers. None is kept or throttled, and none sends a cause or
// a setting: /readyz says which check failed, the log says why.
import type { AppContext } from "../context.js";
import { forbidden, HttpError, unauthenticated } from "../errors.js";
import type { Metrics } from "../http/metrics.js";
import type { Handlers } from "../http/route-table.js";
import { metricsAccess, relayedByProxy } from "../policies/metrics.policy.js";
import { readiness } from "../services/readiness.service.js";

const NO_STORE = "no-store";

export const opsHandlers = (ctx: AppContext, metrics: Metrics | null) =>
  ({
    "ops.health": async (_request, reply) => {
      reply.header("Cache-Control", NO_STORE);
      return { status: "ok" as const };
    },
    "ops.ready": async (request, reply) => {
      const state = await readiness(ctx.store, request.log);
      reply.header("Cache-Control", NO_STORE);
      if (state.status !== "ok") reply.status(503);
      return state;
    },
    "ops.metrics": async (request, reply) => {
      const access = metricsAccess(ctx.config, {
        authorization: request.headers.authorization,
        peerAddress: request.socket.remoteAddress,
        relayed: relayedByProxy(request.headers),
      });
      if (access === "off" || metrics === null) throw new HttpError(404, "Not Found", { reason: "route.not-found" });
      if (access === "not-loopback")
        throw forbidden("Metrics without --metrics-token are served to this machine only (a loopback address, not through a proxy)", {
          reason: "auth.forbidden",
        });
      const challenge = { "WWW-Authenticate": 'Bearer realm="metrics"' };
      if (access === "missing-token")
        throw unauthenticated("Missing metrics token", { reason: "auth.unauthenticated", headers: challenge });
      if (access === "wrong-token") throw unauthenticated("Invalid metrics token", { reason: "auth.invalid-token", headers: challenge });
      const text = await metrics.registry.metrics();
      return reply.header("Cache-Control", NO_STORE).type(metrics.registry.contentType).send(text);
    },
  }) satisfies Handlers<"ops">;
