// Opens a memos 0.22 … 0.31 database in place (docs/operator-guide.md#moving-from-memos-022031): a copy is kept first
// (SQLite: the file, beside it; PostgreSQL: memos' tables, moved into their own schema inside the transaction), then
// ONE transaction moves memos' tables aside, makes ours with our migrations, copies every kind across and drops the
// moved tables (SQLite). A kill at any moment leaves the untouched original (and its copy) or the finished result.
import { sql } from "kysely";
import { backupBeforeMigration } from "../backup/migration-backup.js";
import type { DatabaseHandle, Db, Engine } from "../db.js";
import { applyMigrations, PG_MIGRATION_LOCK } from "../migrate.js";
import { copyInstanceSettings } from "./copy-instance.js";
import { copyAttachments, copyInbox, copyMemos, copyReactions, copyReferences, copyShares } from "./copy-memos.js";
import { copyUserSettings, copyUsers } from "./copy-people.js";
import { copySignInProviders } from "./copy-sign-in.js";
import { setDerivedDataAside } from "./bulk-load.js";
import { killPoint } from "./kill-point.js";
import { detectMemosDatabase, type MemosDatabase } from "./detect.js";
import { dropAside, keptSchemaOf, moveAside } from "./move-aside.js";
import { ConversionTally, type Source } from "./source.js";

export interface MemosConversionReport {
  /** The memos version converted from. */
  from: string;
  /** The kept copy: the SQLite file's copy, or the PostgreSQL schema holding memos' tables. */
  kept: string;
  counts: Record<string, number>;
  /** What did not come over, each with what to do. */
  leftBehind: string[];
  ms: number;
}

/** Tables whose ids we write on PostgreSQL (memos' own, or counted by copyComments), whose sequences then start past them. */
const KEPT_ID_TABLES = ["user", "memo", "resource", "memo_comment"] as const;

/**
 * Copies every kind from memos' tables (`source`) into ours, already made and empty, in the caller's transaction `tx`
 * on `engine`: the in-place conversion below, and `npm run transfer` from a memos MySQL database.
 */
export async function copyEverything(tx: Db, engine: Engine, source: Source): Promise<ConversionTally> {
  const tally = new ConversionTally();
  const now = Math.floor(Date.now() / 1000);
  const storage = await copyInstanceSettings(tx, source, tally);
  await copyUsers(tx, source, tally);
  await copyUserSettings(tx, source, tally, now);
  await copySignInProviders(tx, source, tally, now);
  killPoint("people-copied");
  const makeDerivedData = engine === "postgres" ? await setDerivedDataAside(tx) : undefined;
  const memos = await copyMemos(tx, source, tally);
  await copyReferences(tx, source, memos, tally);
  await copyReactions(tx, source, memos, tally);
  await copyAttachments(tx, source, memos, tally, storage);
  await copyShares(tx, source, memos, tally);
  await copyInbox(tx, source, memos, tally);
  await makeDerivedData?.();
  if (engine === "postgres")
    for (const table of KEPT_ID_TABLES)
      await sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), GREATEST((SELECT MAX(id) FROM ${sql.table(table)}), 1))`.execute(
        tx,
      );
  return tally;
}

async function convert(tx: Db, handle: DatabaseHandle, found: MemosDatabase): Promise<ConversionTally> {
  const source = await moveAside(tx, handle.engine, found);
  killPoint("moved-aside");
  await applyMigrations(tx, handle.engine);
  killPoint("migrated");
  const tally = await copyEverything(tx, handle.engine, source);
  killPoint("copied");
  await dropAside(tx, source);
  killPoint("dropped");
  return tally;
}

/**
 * Makes this transaction the database's one writer before it reads anything. On SQLite a transaction that has read
 * cannot wait for the write lock (it fails at once when another connection holds it), so it writes first: a table
 * made and dropped, which takes the lock (waiting as long as busy_timeout says) and keeps it to the commit.
 */
async function claimWriter(tx: Db, handle: DatabaseHandle): Promise<void> {
  if (handle.engine === "postgres") {
    await sql`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(tx);
    return;
  }
  await sql`CREATE TABLE memos_import_claim (claimed INTEGER)`.execute(tx);
  await sql`DROP TABLE memos_import_claim`.execute(tx);
}

/**
 * Converts the memos 0.22 … 0.31 database of `handle` into ours, or does nothing (null) when it holds none. Throws
 * MemosDatabaseRefused, before anything is written, for a memos version we do not know.
 */
export async function openMemosDatabase(handle: DatabaseHandle): Promise<MemosConversionReport | null> {
  const found = await detectMemosDatabase(handle.db, handle.engine);
  if (found === null) return null;
  const started = Date.now();
  const kept = handle.sqliteFile
    ? await backupBeforeMigration(handle.db, handle.sqliteFile, `memos-${found.version}`)
    : keptSchemaOf(found.version);
  killPoint("copy-kept");
  const tally = await handle.db.transaction().execute(async (tx) => {
    await claimWriter(tx, handle);
    killPoint("claimed");
    // Read again inside the transaction: another instance may have converted it meanwhile.
    const again = await detectMemosDatabase(tx, handle.engine);
    return again === null ? null : convert(tx, handle, again);
  });
  if (tally === null) return null;
  killPoint("committed");
  return { from: found.version, kept, counts: tally.counts, leftBehind: tally.leftBehind, ms: Date.now() - started };
}
