// Applies pending migrations at start-up, each in its own transaction; a SQLite file that already holds
// data is copied aside first (memos_<mode>.db.bak-<version>), so a failed upgrade loses nothing.
import { existsSync } from "node:fs";
import { sql } from "kysely";
import type { DatabaseHandle } from "./db.js";
import { MIGRATIONS } from "./migrations/index.js";

async function appliedNames(handle: DatabaseHandle): Promise<Set<string>> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (name TEXT NOT NULL PRIMARY KEY, applied_ts BIGINT NOT NULL)`.execute(
    handle.db,
  );
  const rows = await handle.db.selectFrom("schema_migration").select("name").execute();
  return new Set(rows.map((row) => row.name));
}

/** The version a backup is named after: our last migration, or the v0 version a legacy file recorded. */
async function currentVersion(handle: DatabaseHandle, applied: Set<string>): Promise<string | null> {
  if (applied.size > 0) return [...applied].sort().at(-1)!;
  const legacy = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'memo'`.execute(
    handle.db,
  );
  if (legacy.rows.length === 0) return null;
  const history = await handle.db.selectFrom("migration_history").select("version").execute().catch(() => []);
  const versions = history.map((row) => row.version).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return `v${versions.at(-1) ?? "0"}`;
}

async function backupSqlite(handle: DatabaseHandle, applied: Set<string>): Promise<string | null> {
  const file = handle.sqliteFile;
  if (!file) return null;
  const version = await currentVersion(handle, applied);
  if (version === null) return null;
  let target = `${file}.bak-${version}`;
  for (let n = 1; existsSync(target); n++) target = `${file}.bak-${version}.${n}`;
  await sql`VACUUM INTO ${target}`.execute(handle.db);
  return target;
}

export interface MigrationReport {
  applied: string[];
  backup: string | null;
}

export async function migrate(handle: DatabaseHandle): Promise<MigrationReport> {
  const applied = await appliedNames(handle);
  const pending = MIGRATIONS.filter((migration) => !applied.has(migration.name));
  if (pending.length === 0) return { applied: [], backup: null };
  const backup = await backupSqlite(handle, applied);
  for (const migration of pending) {
    await handle.db.transaction().execute(async (tx) => {
      for (const statement of migration.statements(handle.engine)) {
        await sql.raw(statement).execute(tx);
      }
      await migration.after?.(tx, handle.engine);
      await tx
        .insertInto("schema_migration")
        .values({ name: migration.name, applied_ts: Math.floor(Date.now() / 1000) })
        .execute();
    });
  }
  return { applied: pending.map((migration) => migration.name), backup };
}
