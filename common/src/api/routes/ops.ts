// What operators and their tools ask: is the process up, can it serve, and its Prometheus metrics. Outside /api,
// anonymous, never kept (no `cacheable`) and never throttled.
import { z } from "zod";
import { bare, file, route } from "../route.js";

export const opsRoutes = {
  "ops.health": route({
    method: "GET",
    path: "/healthz",
    summary: "The process answers (liveness)",
    description: "Always 200 while the server runs; it asks nothing of the database.",
    access: "anonymous",
    answer: bare(z.object({ status: z.literal("ok") }), "The process is up"),
  }),
  "ops.ready": route({
    method: "GET",
    path: "/readyz",
    summary: "The database answers and its migrations are done (readiness)",
    description:
      'Answers 503 `{"status": "unavailable", "reason": "database" | "migrations"}` when the database does not answer within 2 seconds or migrations are pending; the cause is logged, never sent.',
    access: "anonymous",
    answer: bare(
      z.object({ status: z.enum(["ok", "unavailable"]), reason: z.enum(["database", "migrations"]).optional() }),
      'Ready to serve: `{"status": "ok"}` (200), or not: `{"status": "unavailable", "reason": …}` (503)',
    ),
  }),
  "ops.metrics": route({
    method: "GET",
    path: "/metrics",
    summary: "Prometheus metrics of this process",
    description:
      "Off unless the server runs with `--metrics` (404 otherwise). With `--metrics-token`, a request must send it as `Authorization: Bearer <token>` (401 otherwise). Without one, only a request from a loopback address that no proxy relayed (no `Forwarded`, `Via`, `X-Real-IP` or `X-Forwarded-*`) is answered (403 otherwise).",
    access: "anonymous",
    answer: file("text/plain; version=0.0.4; charset=utf-8", "The Prometheus text exposition format", z.string()),
    errors: {
      401: "The metrics token is required and was missing or wrong",
      403: "No metrics token is set, and the request came from another address or through a proxy",
      404: "Metrics are off (`--metrics`)",
    },
  }),
};
