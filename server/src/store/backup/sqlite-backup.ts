// Online backups of the SQLite file (better-sqlite3's backup API), the checks a backup must pass before it is
// restored, and the rolling backups folder. Safe while a server writes: the backup copies a consistent snapshot
// of the database, a few pages per step, yielding to the event loop between steps.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { type AssetsCopy, assetsBeside, copyAssetsBeside } from "./asset-backup.js";
import { removeBackupLeftovers } from "./backup-leftovers.js";

export interface BackupResult {
  file: string;
  bytes: number;
  /** How many times the copy started over because another connection wrote meanwhile. */
  restarts: number;
  /** With a data folder: the files the snapshot refers to, taken beside it (asset-backup.ts). */
  assets: AssetsCopy | null;
}

/** Pages copied per step at first; doubled each time another connection's write makes the copy start over. */
const FIRST_STEP_PAGES = 256;

/** The snapshot of a backup being written; the pid tells a later run whether its writer still lives. */
const partialOf = (target: string): string => `${target}.${process.pid}.partial`;

/**
 * Copies the database of `source` into `target` (which must not exist). A backup is complete or absent: the
 * snapshot is written as `<target>.<pid>.partial`; with `data`, the files it refers to (`--storage local`) are
 * then taken into `<target>.assets/` (asset-backup.ts); the snapshot is renamed to `target` last. A run stopped
 * anywhere leaves no file under the final name, only leftovers that backup-leftovers.ts removes.
 *
 * Writes through `source` itself are carried into the copy as they happen. A write by another connection (a
 * server, when the backup CLI runs beside it) makes SQLite start the copy over; each restart doubles the pages
 * per step, so under a steady stream of writes the copy ends in a few large steps (each step reads one
 * snapshot, which in WAL mode never blocks the writers).
 */
export async function backupSqlite(source: SQLite.Database, target: string, data?: string): Promise<BackupResult> {
  if (existsSync(target)) throw new Error(`${target} already exists`);
  const partial = partialOf(target);
  rmSync(partial, { force: true });
  let pages = FIRST_STEP_PAGES;
  let remaining = Number.POSITIVE_INFINITY;
  let restarts = 0;
  let assets: AssetsCopy | null = null;
  try {
    await source.backup(partial, {
      progress({ remainingPages }) {
        if (remainingPages > remaining) {
          restarts += 1;
          pages = Math.min(pages * 2, 0x7fffffff);
        }
        remaining = remainingPages;
        return pages;
      },
    });
    // The copy carries the source's journal mode; a backup is a single file, opened by whoever restores it.
    const copy = new SQLite(partial);
    try {
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    if (data !== undefined) assets = await copyAssetsBeside(partial, target, data);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    if (assets?.folder) rmSync(assets.folder, { recursive: true, force: true });
    throw error;
  }
  return { file: target, bytes: statSync(target).size, restarts, assets };
}

/** Opens the SQLite file at `file` and copies it to `target`, with the files of `data` (the backup CLI). */
export async function backupSqliteFile(file: string, target: string, data?: string): Promise<BackupResult> {
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    return await backupSqlite(source, target, data);
  } finally {
    source.close();
  }
}

/**
 * What is wrong with a backup file before it may replace a database: not SQLite, damaged
 * (`PRAGMA integrity_check`), or not a memos database. An empty list means it can be restored.
 */
export function backupProblems(file: string): string[] {
  if (!existsSync(file)) return [`${file} does not exist`];
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return [`cannot open ${file}: ${error instanceof Error ? error.message : String(error)}`];
  }
  try {
    const results = db.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    const problems = results.map((row) => row.integrity_check).filter((line) => line !== "ok");
    if (problems.length > 0) return problems.map((line) => `integrity_check: ${line}`);
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    const missing = ["user", "memo", "resource", "system_setting"].filter((name) => !tables.has(name));
    if (missing.length > 0) return [`${file} is not a memos database (no table ${missing.join(", ")})`];
    return [];
  } catch (error) {
    return [`${file} is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`];
  } finally {
    db.close();
  }
}

/** `2025-05-01T12:00:00.000Z` as a file-name part: `2025-05-01T12-00-00.000Z` (no colons, still in time order). */
function fileTimestamp(date: Date): string {
  return date.toISOString().replaceAll(":", "-");
}

/** Rolling backups live in `<folder of the database>/backups`, named `<database name>-<time>.db`. */
export function rollingBackupFolder(databaseFile: string): string {
  return join(dirname(databaseFile), "backups");
}

/** What the names of `databaseFile`'s rolling backups start with. */
export const rollingPrefix = (databaseFile: string): string => `${basename(databaseFile, ".db")}-`;

export interface RollingBackup {
  file: string;
  bytes: number;
  /** When it was taken, from its name. */
  takenAt: Date;
}

const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(\.\d{3})?Z\.db$/;

/** The rolling backups of `databaseFile`, oldest first. */
export function listRollingBackups(databaseFile: string): RollingBackup[] {
  const folder = rollingBackupFolder(databaseFile);
  const prefix = rollingPrefix(databaseFile);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const found: RollingBackup[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = STAMP.exec(name.slice(prefix.length));
    if (!match) continue;
    const takenAt = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}${match[5] ?? ""}Z`);
    const file = join(folder, name);
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info || Number.isNaN(takenAt.getTime())) continue;
    found.push({ file, bytes: info.size, takenAt });
  }
  return found.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/**
 * Takes one rolling backup through `source` and removes the oldest beyond `keep`. With `data`, the files the
 * snapshot refers to (`--storage local`) go beside it (asset-backup.ts), and leave with it.
 */
export async function takeRollingBackup(
  source: SQLite.Database,
  databaseFile: string,
  keep: number,
  now: Date = new Date(),
  data?: string,
): Promise<{ backup: BackupResult; removed: string[]; leftovers: string[] }> {
  const folder = rollingBackupFolder(databaseFile);
  const target = join(folder, `${rollingPrefix(databaseFile)}${fileTimestamp(now)}.db`);
  mkdirSync(folder, { recursive: true });
  // What backups stopped by a crash left (each name carries its time, so no later backup would replace it).
  const leftovers = await removeBackupLeftovers(folder, rollingPrefix(databaseFile));
  const backup = await backupSqlite(source, target, data);
  const all = listRollingBackups(databaseFile);
  const removed = all.slice(0, Math.max(0, all.length - keep)).map((each) => each.file);
  for (const file of removed) {
    rmSync(file, { force: true });
    rmSync(assetsBeside(file), { recursive: true, force: true });
  }
  return { backup, removed, leftovers };
}

export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Where the replaced database went, or null when there was none. */
  previous: string | null;
  /** Stale -wal/-shm files of the replaced database that were removed. */
  removed: string[];
}

/**
 * Replaces `databaseFile` with the backup `from`, which must pass `backupProblems`. The caller has made sure
 * no server uses the file (instance-lock.ts). The replaced database is first checkpointed (so a write-ahead
 * log left by a crash is folded into it), then kept as `<file>.before-restore-<time>`; leftover -wal and -shm
 * files are removed, so SQLite cannot apply them to the restored file.
 */
export async function restoreSqlite(databaseFile: string, from: string, now: Date = new Date()): Promise<RestoreResult> {
  const problems = backupProblems(from);
  if (problems.length > 0) throw new RestoreRefused(`the backup cannot be restored:\n  ${problems.join("\n  ")}`);
  mkdirSync(dirname(databaseFile), { recursive: true });
  // Copied through the backup API, into a temporary name beside the database, then renamed into place.
  const incoming = `${databaseFile}.restoring`;
  rmSync(incoming, { force: true });
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await backupSqlite(source, incoming);
  } finally {
    source.close();
  }
  let previous: string | null = null;
  if (existsSync(databaseFile)) {
    const old = new SQLite(databaseFile, { fileMustExist: true });
    try {
      old.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
    previous = `${databaseFile}.before-restore-${fileTimestamp(now)}`;
    renameSync(databaseFile, previous);
  }
  const removed: string[] = [];
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    const file = `${databaseFile}${suffix}`;
    if (existsSync(file)) {
      rmSync(file, { force: true });
      removed.push(file);
    }
  }
  renameSync(incoming, databaseFile);
  return { previous, removed };
}
