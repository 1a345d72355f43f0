// GET /healthz, /readyz and /metrics. Readiness fails for real: migrations missing from the ledger, a closed
// SQLite store, a PostgreSQL database that refuses connections. Metrics are parsed from the exposition text: a
// request is counted under its route's table name and status, a queued webhook delivery shows in the queue gauge
// and its failed attempt in the counter, an import under way in the work gauge, and /metrics is 404 when off, 401
// without its token, and without a token set, 403 to any request but a loopback one that no proxy relayed.
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_EVENTS } from "@memos/common";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, signUpHost, type TestUser } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, PG_ADMIN_DSN, TEST_DRIVER, type TestApp } from "../harness.js";
import { listenRaw } from "../raw-http.js";
import { eventually } from "../webhook-receiver.js";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers["cache-control"]).toBe("no-store");
  return parseExposition(response.body);
}

const get = (t: TestApp, url: string) => t.app.inject({ method: "GET", url });

describe("health and readiness", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("/healthz and /readyz answer 200, never kept, for anyone", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const response = await get(t, url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("/readyz is 503 while a migration is missing from the ledger, and 200 once it is back", async () => {
    const { db } = t.ctx.store;
    const last = await db.selectFrom("schema_migration").selectAll().orderBy("name", "desc").executeTakeFirstOrThrow();
    await db.deleteFrom("schema_migration").where("name", "=", last.name).execute();
    try {
      const response = await get(t, "/readyz");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable", reason: "migrations" });
      expect((await get(t, "/healthz")).statusCode).toBe(200);
    } finally {
      await db.insertInto("schema_migration").values(last).execute();
    }
    expect((await get(t, "/readyz")).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DRIVER === "sqlite")("readiness on SQLite", () => {
  it("/readyz is 503 once the database is closed, and says no more than that", async () => {
    const logLines: string[] = [];
    const t = await createTestApp({ logLines });
    try {
      await t.ctx.store.close();
      const response = await get(t, "/readyz");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable", reason: "database" });
      expect(response.body).not.toContain(t.ctx.config.dsn);
      expect((await get(t, "/healthz")).statusCode).toBe(200);
      expect(logLines.some((line) => line.includes("not ready: the database does not answer"))).toBe(true);
    } finally {
      await t.app.close();
    }
  });
});

describe.runIf(TEST_DRIVER === "postgres")("readiness on PostgreSQL", () => {
  it("/readyz is 503 while the database refuses connections, and 200 once it takes them again", async () => {
    const t = await createTestApp({ freshDatabase: true });
    const name = new URL(t.ctx.config.dsn).pathname.slice(1);
    const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
      const response = await get(t, "/readyz");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable", reason: "database" });
      expect(response.body).not.toContain(name);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect(await eventually(async () => (await get(t, "/readyz")).statusCode === 200 || undefined)).toBe(true);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await t.close();
    }
  });
});

describe("metrics", () => {
  it("/metrics is 404 when off", async () => {
    const t = await createTestApp();
    try {
      expectError(await anonymous(t).get("/metrics"), 404, "Not Found", { reason: "route.not-found" });
    } finally {
      await t.close();
    }
  });

  it("/metrics wants its token when one is set", async () => {
    const token = "scrape-token-0123456789abcdef";
    const t = await createTestApp({ metricsToken: token });
    try {
      const missing = await anonymous(t).get("/metrics");
      expectError(missing, 401, "Missing metrics token", { reason: "auth.unauthenticated" });
      expect(missing.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expectError(await anonymous(t).withToken(`${token}x`).get("/metrics"), 401, "Invalid metrics token", {
        reason: "auth.invalid-token",
      });
      const samples = await scrape(t, { authorization: `Bearer ${token}` });
      expect(sampleValue(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
      // The token is what counts: from another machine, or through a proxy, too.
      const remote = await t.app.inject({
        method: "GET",
        url: "/metrics",
        remoteAddress: "203.0.113.5",
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "198.51.100.7" },
      });
      expect(remote.statusCode).toBe(200);
      expect(remote.body).toContain("memos_http_requests_total");
    } finally {
      await t.close();
    }
  });

  it("/metrics without a token answers this machine only: a request from elsewhere, or relayed by a proxy, is 403", async () => {
    const t = await createTestApp({ metrics: true });
    try {
      const refusal = /^Metrics without --metrics-token are served to this machine only/;
      const fromElsewhere = async (remoteAddress: string) => {
        const answer = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress });
        expect([answer.statusCode, answer.json().reason, answer.json().message], remoteAddress).toEqual([
          403,
          "auth.forbidden",
          expect.stringMatching(refusal),
        ]);
        expect(answer.body).not.toContain("memos_http_requests_total");
      };
      await fromElsewhere("203.0.113.5");
      await fromElsewhere("192.168.1.20");
      await fromElsewhere("::ffff:10.0.0.8");
      // Over a real socket from 127.0.0.1: served, unless a proxy on this machine relayed it.
      const raw = await listenRaw(t);
      const direct = await raw.send("GET", "/metrics");
      expect(direct.status).toBe(200);
      expect(direct.text).toContain("memos_http_requests_total");
      for (const [name, value] of [
        ["x-forwarded-for", "203.0.113.5"],
        ["x-real-ip", "203.0.113.5"],
        ["forwarded", "for=203.0.113.5"],
        ["via", "1.1 caddy"],
      ] as const) {
        const relayed = await raw.send("GET", "/metrics", { [name]: value });
        expect([relayed.status, JSON.parse(relayed.text).reason], name).toEqual([403, "auth.forbidden"]);
      }
    } finally {
      await t.close();
    }
  });

  describe("when on", () => {
    let t: TestApp;
    let host: TestUser;
    beforeAll(async () => {
      t = await createTestApp({
        metrics: true,
        webhookAllowPrivate: true,
        webhook: { webhookRetryBaseMs: 600_000, webhookTimeoutMs: 2000 },
      });
      host = await signUpHost(t);
    });
    afterAll(() => t.close());
    afterEach(async () => {
      await t.ctx.store.db.deleteFrom("webhook").execute();
    });

    it("counts requests by route name and status, never by the URL", async () => {
      const before = await scrape(t);
      const labels = { route: "memo.get", method: "GET", status: "404" };
      const earlier = sampleValue(before, "memos_http_requests_total", labels) ?? 0;
      expect((await host.client.get("/api/memo/987654")).status).toBe(404);
      expect((await host.client.get("/api/memo/987655")).status).toBe(404);
      expect((await host.client.get("/api/memo")).status).toBe(200);
      const after = await scrape(t);
      expect(sampleValue(after, "memos_http_requests_total", labels)).toBe(earlier + 2);
      expect(sampleValue(after, "memos_http_request_duration_seconds_count", labels)).toBe(earlier + 2);
      expect(sampleValue(after, "memos_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(earlier + 2);
      expect(sampleValue(after, "memos_http_requests_total", { route: "memo.list", method: "GET", status: "200" })).toBeGreaterThanOrEqual(
        1,
      );
      expect(sampleValue(after, "memos_http_requests_total", { route: "ops.metrics", status: "200" })).toBeGreaterThanOrEqual(1);
      expect((await get(t, "/no/such/page/987656")).statusCode).toBe(200);
      const unmatched = await scrape(t);
      expect(sampleValue(unmatched, "memos_http_requests_total", { route: "not-found", status: "200" })).toBe(1);
      const text = (await get(t, "/metrics")).body;
      expect(text).not.toContain("987654");
      expect(text).not.toContain("987656");
    });

    it("times database statements and shows the read queue, the readers and the process", async () => {
      await createMemo(host, "a memo to read");
      const samples = await scrape(t);
      expect(sampleValue(samples, "memos_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
      expect(sampleValue(samples, "memos_db_waiting_reads")).toBe(0);
      if (TEST_DRIVER === "sqlite") expect(sampleValue(samples, "memos_sqlite_reader_threads")).toBe(1);
      else expect(sampleValue(samples, "memos_sqlite_reader_threads")).toBeUndefined();
      expect(sampleValue(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(sampleValue(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      expect(sampleValue(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    });

    it("shows a queued webhook delivery, and its failed attempt", async () => {
      const closed = `http://127.0.0.1:${await closedPort()}/hook`;
      const made = await host.client.post("/api/webhook", { name: "down", url: closed, events: [...WEBHOOK_EVENTS] });
      expect(made.status).toBe(200);
      const before = await scrape(t);
      expect(sampleValue(before, "memos_webhook_deliveries_pending")).toBe(0);
      const retries = sampleValue(before, "memos_webhook_attempts_total", { outcome: "retry" })!;
      await createMemo(host, "heard by a webhook that is down");
      const after = await eventually(async () => {
        const samples = await scrape(t);
        return sampleValue(samples, "memos_webhook_attempts_total", { outcome: "retry" }) === retries + 1 && samples;
      });
      // Retried in 10 minutes: still pending.
      expect(sampleValue(after, "memos_webhook_deliveries_pending")).toBe(1);
      expect(sampleValue(after, "memos_webhook_attempts_total", { outcome: "succeeded" })).toBe(0);
    });

    it("shows an import under way until its client goes away", async () => {
      const work = async () => sampleValue(await scrape(t), "memos_work_in_progress", { kind: "import" });
      expect(await work()).toBe(0);
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = "----memosmetrics";
      const upload = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/import",
        headers: { cookie: host.client.cookie!, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": "100000" },
      });
      upload.on("error", () => undefined);
      // The form's head and a little of the file: the server reads the upload and waits for the rest.
      upload.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\nPK`,
      );
      await eventually(async () => (await work()) === 1);
      upload.destroy();
      await eventually(async () => (await work()) === 0);
      expect(sampleValue(await scrape(t), "memos_work_in_progress", { kind: "export" })).toBe(0);
    });
  });
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
