// The SQL that differs between SQLite and PostgreSQL, apart from the schema (migrations) and text matching
// (memo.store): locks, the database's size, compaction.
import { statSync } from "node:fs";
import { sql } from "kysely";
import type { DatabaseHandle, Db, Engine } from "./db.js";

/**
 * Holds a lock named `name` until the transaction ends. SQLite runs one write transaction at a time already;
 * PostgreSQL (read committed) needs an advisory lock so that, say, two first sign-ups cannot both become host.
 */
export async function lockUntilCommit(tx: Db, engine: Engine, name: string): Promise<void> {
  if (engine === "postgres") await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(tx);
}

/** Bytes on disk: the SQLite file with its write-ahead log, or the PostgreSQL database. */
export async function databaseSize(handle: DatabaseHandle): Promise<number> {
  if (handle.sqliteFile) {
    const size = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    return size(handle.sqliteFile) + size(`${handle.sqliteFile}-wal`);
  }
  const result = await sql<{ size: number }>`SELECT pg_database_size(current_database()) AS size`.execute(handle.db);
  return Number(result.rows[0]?.size ?? 0);
}

/** Gives free pages back to the file system (the same statement on both engines). */
export async function compactDatabase(db: Db): Promise<void> {
  await sql`VACUUM`.execute(db);
}
