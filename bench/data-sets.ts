// Where the bench's data sets live (a temporary place, or with `--keep` a named one reused by later runs), and
// the state they are measured in.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { type Config, MCP_REQUESTS_PER_MINUTE, WEBHOOK_DEFAULTS } from "../server/src/config.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { GENERATOR_VERSION } from "./generate.js";

const PG_ADMIN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Where a data set lives: a fresh place, or with `--keep` a named one, reused when an earlier run finished
 * generating it (one that did not is started again).
 */
export async function dataSet(driver: "sqlite" | "postgres", memoCount: number, users: string, keep: string | undefined) {
  const kept = keep ? resolve(keep) : null;
  const name = `memos_bench_g${GENERATOR_VERSION}_${memoCount}_${users}u`;
  if (kept) mkdirSync(kept, { recursive: true });
  const dir = kept ?? mkdtempSync(join(tmpdir(), "memos-bench-"));
  // A run's own databases are named by process and size: each size of a run has its own.
  const pgDb =
    driver === "postgres" ? await pgDatabase(kept ? name : `memos_bench_${process.pid}_${memoCount}_${users}u`, kept !== null) : null;
  const file = join(dir, `${name}.db`);
  const done = `${file}.done`;
  const reused = pgDb ? pgDb.reused : kept !== null && existsSync(done);
  if (driver === "sqlite" && !reused) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  return {
    dir,
    dsn: pgDb?.dsn ?? file,
    reused,
    /** Marks a finished generation, for later `--keep` runs. */
    markGenerated: async (store: DatabaseHandle) => {
      if (store.engine === "postgres") await sql`CREATE TABLE bench_generated (generated_at BIGINT)`.execute(store.db);
      else if (kept) writeFileSync(done, "");
    },
    cleanUp: async () => {
      await pgDb?.drop();
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database `name`, or (`kept`) the data set of that name if an earlier `--keep` run finished generating it. */
async function pgDatabase(name: string, kept: boolean): Promise<{ dsn: string; reused: boolean; drop(): Promise<void> }> {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const exists = kept && (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  const reused = exists && (await hasMarker(url.toString()));
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  return {
    dsn: url.toString(),
    reused,
    drop: async () => {
      if (kept) return;
      const client = new pg.Client({ connectionString: PG_ADMIN });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A finished generation on PostgreSQL leaves a table named bench_generated (on SQLite, a file beside the database). */
async function hasMarker(dsn: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_tables WHERE tablename = 'bench_generated'")).rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * SQLite: a data set kept from a run that made planner statistics (earlier benches ran ANALYZE) loses them, so it
 * is measured as instances run. Every connection then plans without them: this one reloads by
 * `ANALYZE sqlite_schema`, the readers on a schema change.
 */
export async function dropStatistics(store: DatabaseHandle) {
  const tables = (
    await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE name IN ('sqlite_stat1', 'sqlite_stat4')`.execute(store.db)
  ).rows;
  if (tables.length === 0 || (await sql`SELECT 1 FROM sqlite_stat1 LIMIT 1`.execute(store.db)).rows.length === 0) return;
  for (const { name } of tables) await sql`DELETE FROM ${sql.table(name)}`.execute(store.db);
  await sql`ANALYZE sqlite_schema`.execute(store.db);
  await sql`CREATE TABLE bench_reload (x)`.execute(store.db);
  await sql`DROP TABLE bench_reload`.execute(store.db);
  console.log("  planner statistics of an earlier run removed (instances run without them)");
}

/** The configuration the bench opens a data set with: production mode, a quiet log. */
export function benchConfig(driver: "sqlite" | "postgres", dir: string, dsn: string): Config {
  return {
    mode: "prod",
    addr: "127.0.0.1",
    port: 0,
    data: dir,
    driver,
    dsn,
    maxUploadBytes: 32 << 20,
    storage: "db",
    webDist: null,
    trustProxy: false,
    sqliteReaders: 2,
    searchBudgetMs: 5000,
    backupEveryMs: null,
    backupKeep: 7,
    webhookAllowPrivate: false,
    oidcAllowPrivate: false,
    linkPreviewAllowPrivate: false,
    projectInfoUrl: "http://127.0.0.1:9",
    ...WEBHOOK_DEFAULTS,
    mcpRequestsPerMinute: MCP_REQUESTS_PER_MINUTE,
    metrics: false,
    metricsToken: null,
    logLevel: "warn",
  };
}
