// Opens the database for either engine and gives every query one Kysely handle.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";
import { RE2JS } from "re2js";
import type { Database } from "./schema.js";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The SQLite file, for backups and the size shown to the host. */
  sqliteFile: string | null;
  close(): Promise<void>;
}

/**
 * `content REGEXP ?` for the text filter's `^` form. RE2 (re2js) matches in linear time, so a hostile pattern
 * such as `(a+)+$` cannot stall the single thread SQLite runs on. Compiled patterns are cached.
 */
function registerRegexp(sqlite: SQLite.Database) {
  const cache = new Map<string, RE2JS>();
  sqlite.function("regexp", { deterministic: true }, (pattern: unknown, value: unknown) => {
    if (typeof pattern !== "string" || typeof value !== "string") return 0;
    let regex = cache.get(pattern);
    if (!regex) {
      regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
      if (cache.size > 200) cache.clear();
      cache.set(pattern, regex);
    }
    return regex.matcher(value).find() ? 1 : 0;
  });
}

export function openSqlite(file: string): DatabaseHandle {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  registerRegexp(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: "sqlite", sqliteFile: file, close: () => db.destroy() };
}

/** BIGINT and COUNT come back from pg as strings; our ids and seconds fit in a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgres(dsn: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: dsn, max: 10, types: pgTypes });
  // An idle connection dropped by the server (a restart, a dropped database) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.warn(`memos: PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", sqliteFile: null, close: () => db.destroy() };
}
