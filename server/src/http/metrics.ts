// The Prometheus metrics of GET /metrics (prom-client), when the host turns them on (`--metrics`). Each app has a
// registry of its own (tests run many apps in one process). Requests are counted and timed by the route the router
// matched, by its table name ("memo.list"; never the raw URL, whose values are unbounded), and by status; the
// database's statements are timed through the handle's `onQuery`; what a scrape reports of the moment (reads
// waiting, reader threads, pending webhook deliveries) is read as it is scraped, the deliveries by one COUNT through
// the due index. Process memory, GC and event-loop lag are prom-client's default metrics.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Registry } from "prom-client";
import type { AppContext } from "../context.js";
import type { AttemptObserver } from "../services/webhook-dispatcher.js";
import { countPendingDeliveries } from "../store/sql/webhook.store.js";

export interface Metrics {
  readonly registry: Registry;
  /** The webhook dispatcher's outcome of each attempt. */
  readonly webhookAttempt: AttemptObserver;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Long-running work, in progress from the request until its answer is sent or the client goes away. */
const WORK: Record<string, "import" | "export"> = {
  "import.archive": "import",
  "export.archive": "export",
  "export.selection": "export",
};

/** The route's label: its table name, the pattern of a route outside the table (Swagger UI's assets), or none. */
function routeOf(request: FastifyRequest): string {
  const options = request.routeOptions;
  return options.config?.routeName ?? options.url ?? "not-found";
}

const OUTCOMES = { succeeded: "succeeded", pending: "retry", failed: "failed" } as const;

/**
 * Sets up the registry and the hooks that feed it; null when metrics are off (prom-client is then never loaded).
 * Call before the routes are registered.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext): Promise<Metrics | null> {
  if (!ctx.config.metrics) return null;
  // A CommonJS package: its exports are the module's default (the bundle, server/dist, has them nowhere else).
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = (await import("prom-client")).default;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { store } = ctx;

  const requests = new Counter({
    name: "memos_http_requests_total",
    help: "HTTP requests answered, by route (its table name), method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "memos_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer sent, by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const work = new Gauge({
    name: "memos_work_in_progress",
    help: "Imports and exports under way",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  for (const kind of ["import", "export"]) work.set({ kind }, 0);
  const queries = new Histogram({
    name: "memos_db_query_duration_seconds",
    help: "Time of each database statement, including its wait for a connection or reader thread",
    labelNames: ["outcome"] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "memos_db_waiting_reads",
    help: "Reads waiting for a connection (SQLite: for a reader thread; PostgreSQL: for a pooled connection)",
    registers: [registry],
    collect() {
      this.set(store.waitingReads());
    },
  });
  if (store.engine === "sqlite") {
    new Gauge({
      name: "memos_sqlite_reader_threads",
      help: "SQLite reader threads running (they start with the load and end after a minute idle)",
      registers: [registry],
      collect() {
        this.set(store.readerThreads() ?? 0);
      },
    });
  }
  new Gauge({
    name: "memos_webhook_deliveries_pending",
    help: "Webhook deliveries waiting to be sent or retried",
    registers: [registry],
    async collect() {
      this.set(await countPendingDeliveries(store.db));
    },
  });
  const attempts = new Counter({
    name: "memos_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome: succeeded, retry (failed, to be retried), failed (given up)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of Object.values(OUTCOMES)) attempts.inc({ outcome }, 0);

  store.onQuery = (seconds, failed) => queries.observe({ outcome: failed ? "error" : "ok" }, seconds);
  app.addHook("onRequest", (request, reply, done) => {
    const kind = WORK[request.routeOptions.config?.routeName ?? ""];
    if (kind) {
      work.inc({ kind });
      reply.raw.once("close", () => work.dec({ kind }));
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = { route: routeOf(request), method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.addHook("onClose", async () => {
    if (store.onQuery) store.onQuery = null;
  });
  return { registry, webhookAttempt: (status) => attempts.inc({ outcome: OUTCOMES[status] }) };
}
