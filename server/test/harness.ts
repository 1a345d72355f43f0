// Test harness: a real app on a real database (a temp SQLite file, or a fresh PostgreSQL database),
// driven through app.inject(). MEMOS_TEST_DRIVER=postgres picks PostgreSQL (or `driver` per app).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type AppOptions, buildApp } from "../src/app.js";
import type { Config } from "../src/config.js";
import type { AppContext } from "../src/context.js";
import { ensureServerId } from "../src/services/system.service.js";
import { openStore } from "../src/store/open.js";

export const TEST_DRIVER = process.env.MEMOS_TEST_DRIVER === "postgres" ? "postgres" : "sqlite";
export const PG_ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

async function createPgDatabase(): Promise<{ dsn: string; drop(): Promise<void> }> {
  const name = `memos_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_DSN);
  url.pathname = `/${name}`;
  return {
    dsn: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_DSN });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  mode?: Config["mode"];
  maxUploadMb?: number;
  webDist?: string | null;
  /** As `--trust-proxy true`: the client address and scheme come from X-Forwarded-* headers. */
  trustProxy?: boolean;
  /** Use this SQLite file instead of a fresh one (for opening legacy databases). */
  sqliteFile?: string;
  /** SQLite reader threads (1 by default; 0 runs every query on the main thread). */
  sqliteReaders?: number;
  searchBudgetMs?: number;
  /** The engine of this app; defaults to MEMOS_TEST_DRIVER's (`sqliteFile` implies SQLite). */
  driver?: "sqlite" | "postgres";
  /** Passed to buildApp: sees every route as it is registered. */
  onRoute?: AppOptions["onRoute"];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "memos-test-"));
  const driver = options.sqliteFile ? "sqlite" : (options.driver ?? TEST_DRIVER);
  const pgDb = driver === "postgres" ? await createPgDatabase() : null;
  const config: Config = {
    mode: options.mode ?? "prod",
    addr: "127.0.0.1",
    port: 0,
    data: dir,
    driver: pgDb ? "postgres" : "sqlite",
    dsn: pgDb ? pgDb.dsn : (options.sqliteFile ?? join(dir, "memos_test.db")),
    maxUploadBytes: (options.maxUploadMb ?? 32) * 1024 * 1024,
    webDist: options.webDist ?? null,
    trustProxy: false,
    // One reader keeps the worker path under test without a thread pool per test app.
    sqliteReaders: options.sqliteReaders ?? 1,
    searchBudgetMs: options.searchBudgetMs ?? 5000,
    logLevel: "warn",
  };
  const { store } = await openStore(config);
  await ensureServerId(store.db);
  const ctx: AppContext = { config, store };
  const app = await buildApp(ctx, { trustProxy: options.trustProxy, onRoute: options.onRoute });
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await store.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
