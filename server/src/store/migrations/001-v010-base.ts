// The memos v0.10 tables, exactly as v0.10 created them, so a v0.10 SQLite file is already "migrated" past here.
import type { Migration } from "./types.js";

const NOW_SQLITE = "(strftime('%s', 'now'))";
const NOW_PG = "(EXTRACT(EPOCH FROM NOW())::BIGINT)";

function tables(engine: "sqlite" | "postgres"): string[] {
  const pk = engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY";
  const now = engine === "sqlite" ? NOW_SQLITE : NOW_PG;
  const blob = engine === "sqlite" ? "BLOB" : "BYTEA";
  const rowStatus = "TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL'";
  return [
    `CREATE TABLE IF NOT EXISTS migration_history (
      version TEXT NOT NULL PRIMARY KEY,
      created_ts BIGINT NOT NULL DEFAULT ${now})`,
    `CREATE TABLE IF NOT EXISTS system_setting (
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      UNIQUE(name))`,
    `CREATE TABLE IF NOT EXISTS "user" (
      id ${pk},
      created_ts BIGINT NOT NULL DEFAULT ${now},
      updated_ts BIGINT NOT NULL DEFAULT ${now},
      row_status ${rowStatus},
      username TEXT NOT NULL UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('HOST', 'ADMIN', 'USER')) DEFAULT 'USER',
      email TEXT NOT NULL DEFAULT '',
      nickname TEXT NOT NULL DEFAULT '',
      password_hash TEXT NOT NULL,
      open_id TEXT NOT NULL UNIQUE)`,
    `CREATE TABLE IF NOT EXISTS user_setting (
      user_id INTEGER NOT NULL,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      UNIQUE(user_id, key))`,
    `CREATE TABLE IF NOT EXISTS memo (
      id ${pk},
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT ${now},
      updated_ts BIGINT NOT NULL DEFAULT ${now},
      row_status ${rowStatus},
      content TEXT NOT NULL DEFAULT '',
      visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE')`,
    `CREATE TABLE IF NOT EXISTS memo_organizer (
      id ${pk},
      memo_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0,
      UNIQUE(memo_id, user_id))`,
    `CREATE TABLE IF NOT EXISTS shortcut (
      id ${pk},
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT ${now},
      updated_ts BIGINT NOT NULL DEFAULT ${now},
      row_status ${rowStatus},
      title TEXT NOT NULL DEFAULT '',
      payload TEXT NOT NULL DEFAULT '{}')`,
    `CREATE TABLE IF NOT EXISTS resource (
      id ${pk},
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT ${now},
      updated_ts BIGINT NOT NULL DEFAULT ${now},
      filename TEXT NOT NULL DEFAULT '',
      blob ${blob} DEFAULT NULL,
      external_link TEXT NOT NULL DEFAULT '',
      type TEXT NOT NULL DEFAULT '',
      size INTEGER NOT NULL DEFAULT 0)`,
    `CREATE TABLE IF NOT EXISTS memo_resource (
      memo_id INTEGER NOT NULL,
      resource_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT ${now},
      updated_ts BIGINT NOT NULL DEFAULT ${now},
      UNIQUE(memo_id, resource_id))`,
    `CREATE TABLE IF NOT EXISTS tag (
      name TEXT NOT NULL,
      creator_id INTEGER NOT NULL,
      UNIQUE(name, creator_id))`,
    `CREATE TABLE IF NOT EXISTS activity (
      id ${pk},
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT ${now},
      type TEXT NOT NULL DEFAULT '',
      level TEXT NOT NULL CHECK (level IN ('INFO', 'WARN', 'ERROR')) DEFAULT 'INFO',
      payload TEXT NOT NULL DEFAULT '{}')`,
  ];
}

export const v010Base: Migration = {
  name: "001-v010-base",
  statements: (engine) => tables(engine),
  async after(db) {
    // A new database records the v0 schema version it matches, as v0.10 itself did.
    const existing = await db.selectFrom("migration_history").select("version").limit(1).execute();
    if (existing.length === 0) {
      await db.insertInto("migration_history").values({ version: "0.10.0" }).execute();
    }
  },
};
