// Tells a memos 0.22 … 0.31 database apart at start-up (docs/memos-schemas.md#where-the-version-is-written), reading
// only: ours has `schema_migration`, memos v0.10 has no `memo.uid` (our migrations take it as it is), anything else
// with memos' tables is read for its version and taken, or refused untouched when we do not know it.
import { sql } from "kysely";
import type { SourceDb, SourceEngine } from "./source.js";
import { NEWEST_MINOR, OLDEST_MINOR } from "./versions.js";

export interface MemosDatabase {
  /** The version as the database says it (`0.30.0`), or as its tables tell (`0.28`). */
  version: string;
  minor: number;
  /** The tables of the database, by name. */
  tables: Set<string>;
}

/** A memos database we do not convert: the message says what to do; the database is untouched. */
export class MemosDatabaseRefused extends Error {}

/** The schema information_schema is asked about: PostgreSQL's current schema, MySQL's current database. */
const currentSchema = (engine: SourceEngine) => (engine === "mysql" ? sql`DATABASE()` : sql`current_schema()`);

async function tableNames(db: SourceDb, engine: SourceEngine): Promise<Set<string>> {
  const query =
    engine === "sqlite"
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`
      : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${currentSchema(engine)}`;
  return new Set((await query.execute(db)).rows.map((row) => row.name));
}

async function columnNames(db: SourceDb, engine: SourceEngine, table: string): Promise<Set<string>> {
  const query =
    engine === "sqlite"
      ? sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`
      : sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = ${currentSchema(engine)} AND table_name = ${table}`;
  return new Set((await query.execute(db)).rows.map((row) => row.name));
}

const compareVersions = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** `0.30.1` → [0, 30]; null for text that is no version. */
function majorMinor(version: string): [number, number] | null {
  const match = /^v?(\d+)\.(\d+)(?:\.\d+)?/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The version the database records: BASIC's schemaVersion (0.26 on), else the newest migration_history row. */
async function recordedVersion(db: SourceDb, tables: Set<string>): Promise<string | null> {
  const versions: string[] = [];
  if (tables.has("system_setting")) {
    const basic = await sql<{ value: string }>`SELECT value FROM system_setting WHERE name = 'BASIC'`.execute(db);
    for (const row of basic.rows) {
      try {
        const parsed = JSON.parse(row.value) as { schemaVersion?: unknown };
        if (typeof parsed.schemaVersion === "string" && parsed.schemaVersion !== "" && parsed.schemaVersion !== "0.0.0")
          versions.push(parsed.schemaVersion);
      } catch {
        // A BASIC value that is no JSON says no version.
      }
    }
  }
  if (tables.has("migration_history")) {
    const history = await sql<{ version: string }>`SELECT version FROM migration_history`.execute(db);
    versions.push(...history.rows.map((row) => row.version).filter((version) => majorMinor(version) !== null));
  }
  return versions.sort(compareVersions).at(-1) ?? null;
}

/** The oldest minor whose tables these are, when the database records no version. */
async function minorByTables(db: SourceDb, engine: SourceEngine, tables: Set<string>): Promise<number | null> {
  if (tables.has("reaction") && (await columnNames(db, engine, "reaction")).has("memo_id")) return 31;
  if (tables.has("user_identity")) return 28;
  if (tables.has("memo_share")) return 27;
  if (tables.has("attachment")) return 26;
  const memo = await columnNames(db, engine, "memo");
  if (!memo.has("payload")) return null;
  if (!tables.has("webhook")) return 25;
  return memo.has("pinned") ? 24 : 22;
}

/**
 * The memos 0.22 … 0.31 database `db` holds, or null when it holds none (ours, memos v0.10, or nothing yet).
 * Throws MemosDatabaseRefused for a memos database of another version, before anything is written.
 */
export async function detectMemosDatabase(db: SourceDb, engine: SourceEngine): Promise<MemosDatabase | null> {
  const tables = await tableNames(db, engine);
  if (tables.has("schema_migration") || !tables.has("memo")) return null;
  const recorded = await recordedVersion(db, tables);
  const recordedMinor = recorded === null ? null : majorMinor(recorded);
  const hasUid = (await columnNames(db, engine, "memo")).has("uid");
  if (!hasUid && (recordedMinor === null || (recordedMinor[0] === 0 && recordedMinor[1] <= 10))) return null;
  const minor = recordedMinor
    ? recordedMinor[0] === 0
      ? recordedMinor[1]
      : Number.POSITIVE_INFINITY
    : await minorByTables(db, engine, tables);
  const version = recorded ?? (minor === null ? "unknown" : `0.${minor}`);
  if (minor === null || minor < OLDEST_MINOR)
    throw new MemosDatabaseRefused(
      `this is a memos ${version} database; we open memos 0.22 … 0.31 (and v0.10) in place: start memos 0.22 … 0.25 on it once, then start us again. Nothing was changed.`,
    );
  if (minor > NEWEST_MINOR)
    throw new MemosDatabaseRefused(
      `this is a memos ${version} database, newer than the 0.31 we know how to convert; nothing was changed. Run a newer release of this server, or export from memos and import here.`,
    );
  return { version, minor, tables };
}
