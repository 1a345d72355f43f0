// Applies pending migrations at start-up, all in one transaction; a SQLite file that already holds data is
// copied aside first (memos_<mode>.db.bak-<version>, backup/migration-backup.ts), so a failed upgrade loses nothing.
import { sql } from "kysely";
import { backupBeforeMigration } from "./backup/migration-backup.js";
import type { DatabaseHandle, Db, Engine } from "./db.js";
import { MIGRATIONS } from "./migrations/index.js";
import type { Migration } from "./migrations/types.js";

const CREATE_LEDGER = sql`CREATE TABLE IF NOT EXISTS schema_migration (name TEXT NOT NULL PRIMARY KEY, applied_ts BIGINT NOT NULL)`;

async function hasLedger(db: Db, engine: Engine): Promise<boolean> {
  const found =
    engine === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'`.execute(db)
      : await sql<{ name: string }>`SELECT to_regclass('schema_migration')::text AS name`.execute(db);
  return found.rows.some((row) => row.name !== null);
}

/** What has been applied, read without writing anything (so a backup taken next is the untouched file). */
async function appliedNames(db: Db, engine: Engine): Promise<Set<string>> {
  if (!(await hasLedger(db, engine))) return new Set();
  const rows = await db.selectFrom("schema_migration").select("name").execute();
  return new Set(rows.map((row) => row.name));
}

/** The version a backup is named after: our last migration, or the v0 version a legacy file recorded. */
async function currentVersion(handle: DatabaseHandle, applied: Set<string>): Promise<string | null> {
  if (applied.size > 0) return [...applied].sort().at(-1)!;
  const legacy = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'memo'`.execute(handle.db);
  if (legacy.rows.length === 0) return null;
  const history = await handle.db
    .selectFrom("migration_history")
    .select("version")
    .execute()
    .catch(() => []);
  const versions = history.map((row) => row.version).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return `v${versions.at(-1) ?? "0"}`;
}

async function backupSqlite(handle: DatabaseHandle, applied: Set<string>): Promise<string | null> {
  const file = handle.sqliteFile;
  if (!file) return null;
  const version = await currentVersion(handle, applied);
  if (version === null) return null;
  return backupBeforeMigration(handle.db, file, version);
}

/** How many of our migrations the database lacks (0: up to date); reads the ledger only. */
export async function pendingMigrationCount(db: Db, engine: Engine, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const applied = await appliedNames(db, engine);
  return migrations.filter((migration) => !applied.has(migration.name)).length;
}

export interface MigrationReport {
  applied: string[];
  backup: string | null;
}

/**
 * Applies every pending migration in ONE transaction: a failure anywhere rolls all of them back, so the
 * database is left exactly as it was (and a SQLite file also keeps its backup). `migrations` is for tests.
 */
/** Advisory lock id: two instances starting together on one PostgreSQL database must not both migrate it. */
export const PG_MIGRATION_LOCK = 4_242_010;

/**
 * Applies in `tx` every migration the ledger lacks (making the ledger first); returns their names. The caller holds
 * the transaction (and, on PostgreSQL, the lock): migrate() below, or the conversion of a memos database.
 */
export async function applyMigrations(tx: Db, engine: Engine, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  await CREATE_LEDGER.execute(tx);
  const applied = await appliedNames(tx, engine);
  const pending = migrations.filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    for (const statement of migration.statements(engine)) {
      await sql.raw(statement).execute(tx);
    }
    await migration.after?.(tx, engine);
    await tx
      .insertInto("schema_migration")
      .values({ name: migration.name, applied_ts: Math.floor(Date.now() / 1000) })
      .execute();
  }
  return pending.map((migration) => migration.name);
}

/**
 * Applies every pending migration in ONE transaction: a failure anywhere rolls all of them back, so the
 * database is left exactly as it was (and a SQLite file also keeps its backup). `migrations` is for tests.
 */
export async function migrate(handle: DatabaseHandle, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  const pendingIn = (applied: Set<string>) => migrations.filter((migration) => !applied.has(migration.name));
  const before = await appliedNames(handle.db, handle.engine);
  if (pendingIn(before).length === 0) return { applied: [], backup: null };
  const backup = await backupSqlite(handle, before);
  const applied = await handle.db.transaction().execute(async (tx) => {
    if (handle.engine === "postgres") await sql`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(tx);
    // Read again under the lock (inside applyMigrations): another instance may have finished meanwhile.
    return applyMigrations(tx, handle.engine, migrations);
  });
  return { applied, backup };
}
