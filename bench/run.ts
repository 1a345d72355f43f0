// Benchmarks: generates a data set, then measures the list queries in-process (latency percentiles) and
// over HTTP (throughput with autocannon). Prints figures; asserts nothing.
//   npm run bench -- --driver sqlite|postgres --memos 20000 --users 20 --seconds 5
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../server/src/app.js";
import type { Config } from "../server/src/config.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { openStore } from "../server/src/store/open.js";
import { generate } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    memos: { type: "string", default: "20000" },
    users: { type: "string", default: "20" },
    seconds: { type: "string", default: "5" },
    iterations: { type: "string", default: "200" },
  },
});

const PG_ADMIN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function pgDatabase(): Promise<{ dsn: string; drop(): Promise<void> }> {
  const name = `memos_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    dsn: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** How the database answers the explore page: it should walk an index in display order, not sort. */
async function printExplorePlan(store: DatabaseHandle) {
  const query = sql`SELECT m.id FROM memo m LEFT JOIN memo_organizer o ON o.memo_id = m.id AND o.user_id = m.creator_id
    WHERE m.row_status = 'NORMAL' AND m.visibility IN ('PUBLIC', 'PROTECTED') ORDER BY m.display_ts DESC, m.id DESC LIMIT 30`;
  const explain = store.engine === "sqlite" ? sql`EXPLAIN QUERY PLAN ${query}` : sql`EXPLAIN ${query}`;
  const rows = await explain.execute(store.db);
  const lines = rows.rows.map((row) => String((row as Record<string, unknown>).detail ?? (row as Record<string, unknown>)["QUERY PLAN"]));
  console.log(`explore query plan:\n  ${lines.join("\n  ")}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const driver = args.driver === "postgres" ? "postgres" : "sqlite";
  const memoCount = Number(args.memos);
  const dir = mkdtempSync(join(tmpdir(), "memos-bench-"));
  const pgDb = driver === "postgres" ? await pgDatabase() : null;
  const config: Config = {
    mode: "prod",
    addr: "127.0.0.1",
    port: 0,
    data: dir,
    driver,
    dsn: pgDb?.dsn ?? join(dir, "bench.db"),
    maxUploadBytes: 32 << 20,
    webDist: null,
    trustProxy: false,
    sqliteReaders: 2,
    searchBudgetMs: 5000,
    logLevel: "warn",
  };
  const { store } = await openStore(config);
  let started = performance.now();
  const data = await generate(store, Number(args.users), memoCount);
  console.log(`engine ${driver}: generated ${memoCount} memos for ${data.userIds.length} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // A freshly loaded PostgreSQL table has no statistics until autovacuum gets to it; a real instance has them.
  if (driver === "postgres") await sql`ANALYZE`.execute(store.db);
  await printExplorePlan(store);

  const app = await buildApp({ config, store });
  const signIn = await app.inject({ method: "POST", url: "/api/auth/signin", payload: { username: "bench1", password: data.password } });
  const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
  const own = data.userIds[1]!;
  const cases: Array<[string, string, boolean]> = [
    ["own list, first page of 30", "/api/memo?rowStatus=NORMAL&limit=30", true],
    ["own list, offset 600", "/api/memo?rowStatus=NORMAL&limit=30&offset=600", true],
    ["explore, first page", "/api/memo/all?limit=30", false],
    ["explore, offset 5000", "/api/memo/all?limit=30&offset=5000", false],
    ["explore as member", "/api/memo/all?limit=30", true],
    ["tag filter (work, incl. children)", "/api/memo?tag=work&limit=30", true],
    ["text search (3+ chars)", "/api/memo?text=coffee%20book&limit=30", true],
    ["text search CJK", "/api/memo/all?text=%E6%97%A5%E6%9C%AC%E8%AA%9E&limit=30", false],
    ["regex search", "/api/memo?text=%5Ebudget.*draft&limit=30", true],
    ["stats (heat map)", `/api/memo/stats?creatorId=${own}`, true],
    ["user RSS", `/u/${own}/rss.xml`, false],
    ["status", "/api/status", false],
  ];
  const iterations = Number(args.iterations);
  console.log(`\nin-process latency over ${iterations} requests each (ms):`);
  console.log("case".padEnd(38), "p50".padStart(7), "p95".padStart(7), "max".padStart(7), "items".padStart(7));
  for (const [name, url, signedIn] of cases) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < iterations; i++) {
      started = performance.now();
      const response = await app.inject({ method: "GET", url, headers: signedIn ? { cookie } : {} });
      times.push(performance.now() - started);
      if (i === 0) {
        if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
        const body = String(response.headers["content-type"]).includes("json") ? JSON.parse(response.body).data : null;
        items = Array.isArray(body) ? body.length : 0;
      }
    }
    times.sort((a, b) => a - b);
    console.log(name.padEnd(38), ...[50, 95, 100].map((p) => percentile(times, p).toFixed(2).padStart(7)), String(items).padStart(7));
  }

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`\nHTTP throughput, 20 connections, ${args.seconds} s each:`);
  for (const [name, path] of [["ping", "/api/ping"], ["explore page of 30", "/api/memo/all?limit=30"], ["own list page of 30", "/api/memo?rowStatus=NORMAL&limit=30"]] as const) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      connections: 20,
      duration: Number(args.seconds),
      headers: { cookie },
    });
    console.log(`${name.padEnd(24)} ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`);
  }
  await app.close();
  await store.close();
  await pgDb?.drop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
