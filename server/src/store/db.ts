// Opens the database for either engine and gives every query one Kysely handle.
import { mkdirSync } from "node:fs";
import { onFirstUse } from "../on-first-use.js";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type LogEvent, PostgresDialect, type Transaction } from "kysely";
import type pg from "pg";
import type { Database } from "./schema.js";
import { FullTextMerger } from "./sqlite/fulltext-merger.js";
import { HubLiveLog, type LiveLog } from "./live-log.js";
import { PostgresLiveLogEngine } from "./postgres/pg-live-log.js";
import { PostgresDataVersion, writeNoticingPool } from "./postgres/pg-data-version.js";
import { SearchTurns } from "./search-turns.js";
import { registerSqlFunctions } from "./sqlite/sqlite-functions.mjs";
import { sqliteLiveLogEngine } from "./sqlite/sqlite-live-log.js";
import { PooledSqliteDialect, ReaderPool, SqlitePool } from "./sqlite/sqlite-pool.js";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database for reads that may be slow (searches, regular expressions): each statement runs under a
   * time budget and fails with a QueryBudgetError (SQLite) or a statement timeout (PostgreSQL) past it.
   */
  searchDb: Kysely<Database>;
  /**
   * Searches through `searchDb` take turns per caller (search-turns.ts): a caller's run one at a time, so one
   * caller holds at most one of the readers or connections searches may use, and other callers find one free.
   */
  searchTurns: SearchTurns;
  engine: Engine;
  /** The SQLite file, for backups and the size shown to the host. */
  sqliteFile: string | null;
  /**
   * SQLite: the main (writing) connection, for online backups. A backup through the connection that writes sees
   * its writes as they happen instead of starting over (store/backup/sqlite-backup.ts).
   */
  sqliteMain: SQLite.Database | null;
  /**
   * A token that changes with every committed write, for caches of answers; null while this process cannot know
   * (PostgreSQL: while its connection that listens for other processes' writes is down).
   */
  dataVersion(): string | null;
  /** Resolves once the database's own upkeep after writes is done (SQLite: merging the full-text index). */
  settled(): Promise<void>;
  /**
   * Pauses that upkeep (its writes come through a connection of its own) until the returned function is called:
   * an online backup through `sqliteMain` then never starts over because of it.
   */
  holdUpkeep(): Promise<() => void>;
  /** Told each statement's duration in seconds, and whether it failed (the metrics, http/metrics.ts); null: nobody. */
  onQuery: ((seconds: number, failed: boolean) => void) | null;
  /** Reads waiting for a connection now: on SQLite for a reader thread, on PostgreSQL for a pooled connection. */
  waitingReads(): number;
  /** SQLite: reader threads running now (they start and end with the load); null on PostgreSQL. */
  readerThreads(): number | null;
  /** Ends the reader threads that have nothing to do now (SQLite; the next read starts one again). */
  endIdleReaders(): void;
  /** The live event log: committed changes told to the live streams of every server process (live-log.ts). */
  live: LiveLog;
  close(): Promise<void>;
}

/** Kysely's log hook, passing each statement's duration to whoever listens on the handle. */
const timedBy =
  (handle: () => DatabaseHandle) =>
  (event: LogEvent): void =>
    handle().onQuery?.(event.queryDurationMillis / 1000, event.level === "error");

export interface SqliteOptions {
  /** Read-only connections in worker threads; 0 runs every query on the main thread. */
  readers: number;
  /** The longest a budgeted read (`searchDb`) may run, in milliseconds. */
  searchBudgetMs: number;
  /** How long after a write the full-text index is merged (fulltext-merger.ts); a second unless given. */
  mergeDelayMs?: number;
}

/**
 * Three readers: searches may hold all but one (sqlite-pool.ts), and a caller one at a time (searchTurns), so one
 * caller's slow searches leave a reader for other callers' searches and one for every other read.
 */
export const DEFAULT_SQLITE_OPTIONS: SqliteOptions = { readers: 3, searchBudgetMs: 5000 };

export function openSqlite(file: string, options: SqliteOptions = DEFAULT_SQLITE_OPTIONS): DatabaseHandle {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // The log is checkpointed by the full-text merger's thread after writes (fulltext-merger.ts), never on the main
  // thread at a commit (a 100,000-memo rename's checkpoint held it for 0.5 s). In memory there is no log.
  if (file !== ":memory:") sqlite.pragma("wal_autocheckpoint = 0");
  registerSqlFunctions(sqlite);
  const pool = new SqlitePool(sqlite, options.readers > 0 ? new ReaderPool(file, options.readers) : null);
  if (file !== ":memory:") {
    pool.merger = new FullTextMerger(file, pool.mutex, options.mergeDelayMs);
    // What an earlier process (an upgrade, an import) left unmerged.
    pool.merger.wrote();
  }
  const log = timedBy(() => handle);
  const db = new Kysely<Database>({ dialect: new PooledSqliteDialect(pool), log });
  const searchDb = new Kysely<Database>({ dialect: new PooledSqliteDialect(pool, options.searchBudgetMs), log });
  const handle: DatabaseHandle = {
    db,
    searchDb,
    searchTurns: new SearchTurns(options.searchBudgetMs),
    engine: "sqlite",
    sqliteFile: file,
    sqliteMain: sqlite,
    dataVersion: () => pool.dataVersion(),
    settled: async () => pool.merger?.settled(),
    holdUpkeep: async () => (pool.merger ? pool.merger.hold() : () => undefined),
    onQuery: null,
    waitingReads: () => pool.readers?.waiting ?? 0,
    readerThreads: () => pool.readers?.threads ?? 0,
    endIdleReaders: () => pool.readers?.endIdle(),
    live: new HubLiveLog(db, sqliteLiveLogEngine(pool)),
    close: async () => {
      await handle.live.close();
      await pool.close();
    },
  };
  return handle;
}

/** pg is loaded when a PostgreSQL database is opened: an SQLite server never pays for it (about 4 MB). */
const loadPg = onFirstUse<typeof pg>("pg");

/** BIGINT and COUNT come back from pg as strings; our ids and seconds fit in a JS number. */
const pgTypesOf = (driver: typeof pg) =>
  ({
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === driver.types.builtins.INT8) return (value: string) => Number(value);
      return driver.types.getTypeParser(oid, format);
    },
  }) as pg.CustomTypesConfig;

export function openPostgres(dsn: string, searchBudgetMs = DEFAULT_SQLITE_OPTIONS.searchBudgetMs): DatabaseHandle {
  const pg = loadPg();
  const pgTypes = pgTypesOf(pg);
  const pool = new pg.Pool({ connectionString: dsn, max: 10, types: pgTypes });
  // Searches get connections of their own whose server-side statement_timeout is the budget.
  const searchPool = new pg.Pool({ connectionString: dsn, max: 4, types: pgTypes, statement_timeout: searchBudgetMs });
  // An idle connection dropped by the server (a restart, a dropped database) must not crash the process;
  // the pool replaces it on the next query.
  // A connection lost while lent out, between two statements (a transaction's JavaScript runs in between), emits its
  // error on the client, which the pool listens to only while it is idle: unheard, that error would end the process.
  // The client's next statement fails instead, and the pool drops it when it comes back.
  for (const each of [pool, searchPool]) {
    each.on("error", (error) => console.warn(`memos: PostgreSQL connection lost: ${error.message}`));
    each.on("connect", (client) => client.on("error", () => undefined));
  }
  const version = new PostgresDataVersion(pg, dsn);
  const log = timedBy(() => handle);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: writeNoticingPool(pool, () => version.wrote()) }), log });
  const searchDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: searchPool }), log });
  const live = new HubLiveLog(db, new PostgresLiveLogEngine(pg, dsn, pool));
  const handle: DatabaseHandle = {
    db,
    searchDb,
    searchTurns: new SearchTurns(searchBudgetMs),
    engine: "postgres",
    sqliteFile: null,
    sqliteMain: null,
    dataVersion: () => version.current(),
    settled: async () => undefined,
    holdUpkeep: async () => () => undefined,
    onQuery: null,
    waitingReads: () => pool.waitingCount + searchPool.waitingCount,
    readerThreads: () => null,
    endIdleReaders: () => {},
    live,
    close: async () => {
      await live.close();
      await version.close();
      await Promise.all([db.destroy(), searchDb.destroy()]);
    },
  };
  return handle;
}
