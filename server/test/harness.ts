// Test harness: a real app on a real database (a temp SQLite file, or a fresh PostgreSQL database),
// driven through app.inject(). MEMOS_TEST_DRIVER=postgres picks PostgreSQL (or `driver` per app).
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { type AppOptions, buildApp } from "../src/app.js";
import { type Config, MCP_REQUESTS_PER_MINUTE, WEBHOOK_DEFAULTS } from "../src/config.js";
import { setPasswordHashCost } from "../src/auth/password.js";
import type { TrustProxy } from "../src/http/trust-proxy.js";
import type { AppContext } from "../src/context.js";
import { ensureServerId } from "../src/services/system.service.js";
import { openStore } from "../src/store/open.js";

// The suites sign up and sign in thousands of times: argon2id at its lowest cost here (the algorithm is the same;
// server/src/auth/password.test.ts and the e2e suite's server use the real one).
setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });

export const TEST_DRIVER = process.env.MEMOS_TEST_DRIVER === "postgres" ? "postgres" : "sqlite";
export const PG_ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
  /** Stops this app (as a server process would stop) and opens a new one on the same database. */
  restart(): Promise<TestApp>;
}

/**
 * PostgreSQL databases of this test process. Creating and migrating one costs about half a second, so a closed
 * app's database is emptied (every row deleted, every sequence restarted: ids start at 1 again) and handed to the
 * next app.
 * The databases are named after the run (`inject("pgRunPrefix")`), whose global teardown drops them all.
 */
const freePgDatabases: string[] = [];
/** Each database's reset statement: its tables and sequences are the migrations', read once. */
const pgResets = new Map<string, string>();
/** Kept across a reset: what the migrations recorded. */
const KEPT_TABLES = new Set(["schema_migration", "migration_history"]);

function pgDsn(name: string): string {
  const url = new URL(PG_ADMIN_DSN);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a client connected to `dsn` (PG_ADMIN_DSN for databases of its own), then disconnects. */
export async function withPgClient<T>(dsn: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function takePgDatabase(fresh = false): Promise<{ dsn: string; release(): Promise<void> }> {
  let name = fresh ? undefined : freePgDatabases.pop();
  if (!name) {
    const prefix = pgRunPrefix();
    name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const template = pgTemplate();
    await withPgClient(PG_ADMIN_DSN, async (admin) => {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
      // A test's writes need not wait for the disk: nothing outlives the run, and the commits' order is the same.
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    });
  }
  const dsn = pgDsn(name);
  return {
    dsn,
    async release() {
      await withResetClient(name, async (client) => {
        // DELETE, not TRUNCATE: a TRUNCATE gives every table new files and waits for them on disk (~0.6 s for
        // our tables), where deleting a test's few rows costs milliseconds. Foreign keys are not checked meanwhile
        // (replica role), and every sequence starts again at 1, as RESTART IDENTITY did.
        let reset = pgResets.get(name);
        if (reset === undefined) {
          const { rows } = await client.query<{ name: string }>(
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
          );
          const tables = rows.map((row) => row.name).filter((table) => !KEPT_TABLES.has(table));
          const sequences = await client.query<{ name: string }>(
            "SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'",
          );
          reset = [
            "SET synchronous_commit = off",
            "BEGIN",
            "SET LOCAL session_replication_role = replica",
            ...tables.map((table) => `DELETE FROM "${table}"`),
            ...sequences.rows.map(({ name: sequence }) => `ALTER SEQUENCE "${sequence}" RESTART WITH 1`),
            "COMMIT",
          ].join(";\n");
          pgResets.set(name, reset);
        }
        await client.query(reset);
      });
      freePgDatabases.push(name);
    },
  };
}

/**
 * A connection per database, kept for its resets: a new connection would read the catalog entries of every table again
 * (tens of milliseconds each reset). A connection lost meanwhile (a test ended every connection) is opened again.
 */
const resetClients = new Map<string, pg.Client>();

async function withResetClient(name: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let client = resetClients.get(name);
    if (!client) {
      const opened = new pg.Client({ connectionString: pgDsn(name) });
      opened.on("error", () => resetClients.delete(name));
      await opened.connect();
      // An idle connection of the harness must not keep the test process alive.
      (opened as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
      resetClients.set(name, opened);
      client = opened;
    }
    try {
      await work(client);
      return;
    } catch (error) {
      resetClients.delete(name);
      client.end().catch(() => undefined);
      if (attempt === 2) throw error;
    }
  }
}

/** The run's migrated template database (global-setup.ts), or null (a file run by other means): migrate each. */
function pgTemplate(): string | null {
  try {
    return inject("pgTemplate");
  } catch {
    return null;
  }
}

function pgRunPrefix(): string {
  try {
    return inject("pgRunPrefix");
  } catch {
    // Outside a project with the global setup (a file run on its own by other means): a name of our own.
    return `memos_test_${process.pid}`;
  }
}

/**
 * SQLite: the schema is migrated once per test process into a template file, which every app copies (a
 * fresh migration costs ~80 ms per app). Tests that open a legacy file (`sqliteFile`) migrate it for real.
 */
let sqliteTemplate: Promise<string> | null = null;

function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "memos-template-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "template.db");
    const { store } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    await store.close();
    return file;
  })();
  return sqliteTemplate;
}

export interface TestAppOptions {
  mode?: Config["mode"];
  maxUploadMb?: number;
  webDist?: string | null;
  /** As `--trust-proxy 1` or `--trust-proxy 127.0.0.1`: the client address and scheme come from X-Forwarded-* headers. */
  trustProxy?: TrustProxy;
  /** Use this SQLite file instead of a fresh one (for opening legacy databases). */
  sqliteFile?: string;
  /** SQLite reader threads (1 by default; 0 runs every query on the main thread). */
  sqliteReaders?: number;
  searchBudgetMs?: number;
  /** The engine of this app; defaults to MEMOS_TEST_DRIVER's (`sqliteFile` implies SQLite). */
  driver?: "sqlite" | "postgres";
  /** Passed to buildApp: false leaves the list answers uncached (for tests that count queries). */
  responseCache?: boolean;
  /** Use this data folder (kept on close) instead of a fresh one. */
  data?: string;
  /** Where new uploads go (`--storage`); "db" by default. */
  storage?: Config["storage"];
  /** Passed to buildApp: sees every route as it is registered. */
  onRoute?: AppOptions["onRoute"];
  /** As `--webhook-allow-private true`: webhooks may reach loopback (the tests' receivers). */
  webhookAllowPrivate?: boolean;
  oidcAllowPrivate?: boolean;
  /** As `--link-preview-allow-private true`: link previews may fetch from loopback (the tests' pages). */
  linkPreviewAllowPrivate?: boolean;
  /** Where the server reads the project's GitHub news (a local fake; by default a closed port). */
  projectInfoUrl?: string;
  /** Webhook timings (retry base and window, attempt time limit), small for tests. */
  webhook?: Partial<typeof WEBHOOK_DEFAULTS>;
  /** Collects the server's log lines (info and above, as JSON text) here. */
  logLines?: string[];
  /** Where the server's log lines go, every level (no log without it). */
  logStream?: { write(line: string): void };
  /**
   * PostgreSQL: a newly created database, not one emptied after an earlier test. An emptied one keeps its tables'
   * and indexes' sizes, which the planner reads: the query-plan tests need the instance they build alone.
   */
  freshDatabase?: boolean;
  /** PostgreSQL: this database (another test app's `config.dsn`), as a second server process on one instance. */
  dsn?: string;
  /** Passed to buildApp: the live streams' keep-alive interval. */
  liveKeepAliveMs?: number;
  /** Passed to buildApp: requests at least this slow are logged as slow. */
  slowRequestMs?: number;
  /** Requests one token may make to /mcp in a minute (120 by default). */
  mcpRequestsPerMinute?: number;
  /** As `--metrics true` (and `--metrics-token`): GET /metrics answers. */
  metrics?: boolean;
  metricsToken?: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.data ?? mkdtempSync(join(tmpdir(), "memos-test-"));
  const driver = options.sqliteFile ? "sqlite" : (options.driver ?? TEST_DRIVER);
  const pgDb = driver === "postgres" && options.dsn === undefined ? await takePgDatabase(options.freshDatabase) : null;
  const sqliteFile = options.sqliteFile ?? join(dir, "memos_test.db");
  if (!pgDb && !options.sqliteFile) copyFileSync(await sqliteTemplateFile(), sqliteFile);
  const config: Config = {
    mode: options.mode ?? "prod",
    addr: "127.0.0.1",
    port: 0,
    data: dir,
    driver: pgDb || options.dsn !== undefined ? "postgres" : "sqlite",
    dsn: options.dsn ?? (pgDb ? pgDb.dsn : sqliteFile),
    maxUploadBytes: (options.maxUploadMb ?? 32) * 1024 * 1024,
    storage: options.storage ?? "db",
    webDist: options.webDist ?? null,
    trustProxy: options.trustProxy ?? false,
    // One reader keeps the worker path under test without a thread pool per test app.
    sqliteReaders: options.sqliteReaders ?? 1,
    searchBudgetMs: options.searchBudgetMs ?? 5000,
    backupEveryMs: null,
    backupKeep: 7,
    webhookAllowPrivate: options.webhookAllowPrivate ?? false,
    oidcAllowPrivate: options.oidcAllowPrivate ?? false,
    linkPreviewAllowPrivate: options.linkPreviewAllowPrivate ?? false,
    projectInfoUrl: options.projectInfoUrl ?? "http://127.0.0.1:9",
    ...WEBHOOK_DEFAULTS,
    ...options.webhook,
    mcpRequestsPerMinute: options.mcpRequestsPerMinute ?? MCP_REQUESTS_PER_MINUTE,
    metrics: options.metrics ?? options.metricsToken !== undefined,
    metricsToken: options.metricsToken ?? null,
    logLevel: "warn",
  };
  const open = async (): Promise<TestApp> => {
    const { store } = await openStore(config);
    await ensureServerId(store.db);
    const ctx: AppContext = { config, store };
    const lines = options.logLines;
    const logger = options.logStream
      ? { level: "trace", stream: options.logStream }
      : lines
        ? { level: "info", stream: { write: (line: string) => void lines.push(line) } }
        : false;
    const app = await buildApp(ctx, {
      trustProxy: config.trustProxy,
      onRoute: options.onRoute,
      responseCache: options.responseCache,
      logger,
      slowRequestMs: options.slowRequestMs,
      liveKeepAliveMs: options.liveKeepAliveMs,
    });
    return {
      app,
      ctx,
      async close() {
        await app.close();
        await store.close();
        await pgDb?.release();
        if (!options.data) rmSync(dir, { recursive: true, force: true });
      },
      async restart() {
        await app.close();
        await store.close();
        return open();
      },
    };
  };
  return open();
}
