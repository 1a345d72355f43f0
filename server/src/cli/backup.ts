// `npm run backup -- --data ./data --out backup.db`: a consistent copy of the SQLite database, taken while the
// server runs and writes (better-sqlite3's online backup API), and the uploads kept as files beside it.
import { existsSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { removeBackupLeftovers } from "../store/backup/backup-leftovers.js";
import { backupSqliteFile } from "../store/backup/sqlite-backup.js";
import { configFrom, takeFlags, UsageError } from "./args.js";

export const BACKUP_USAGE = "npm run backup -- [--data ./data] [--mode prod] [--dsn file.db] --out backup.db";

export async function backupCommand(argv: string[], cwd = process.cwd()): Promise<number> {
  const { values, rest } = takeFlags(argv, ["out"]);
  const config = configFrom(rest, process.env, cwd);
  if (!values.out) throw new UsageError("--out is required: the file to write the backup to");
  if (config.driver !== "sqlite") {
    throw new UsageError("backup is for SQLite; back up PostgreSQL with pg_dump (pg_dump -Fc -f memos.dump <dsn>)");
  }
  if (!existsSync(config.dsn)) throw new UsageError(`no database at ${config.dsn}`);
  const out = resolve(cwd, values.out);
  if (existsSync(out)) throw new UsageError(`${out} already exists; choose another --out or remove it`);
  // What an earlier run of this backup left when it was stopped (a partial snapshot, files without their snapshot).
  for (const file of await removeBackupLeftovers(dirname(out), basename(out)))
    console.log(`memos: removed ${file}, left by a backup that was stopped`);
  const started = Date.now();
  // Uploads kept as files (--storage local) go beside the snapshot: the ones it refers to, as of its moment.
  // The snapshot gets its name once they are all in.
  const result = await backupSqliteFile(config.dsn, out, config.data);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`memos: backed up ${config.dsn} to ${result.file} (${result.bytes} bytes, ${seconds} s)`);
  const assets = result.assets;
  if (assets?.folder) {
    console.log(`memos: ${assets.files} files of ${config.data}/assets into ${assets.folder} (${assets.linked} as hard links)`);
  }
  for (const path of assets?.missing ?? []) console.error(`memos: not in ${config.data}/assets (deleted since, or lost): ${path}`);
  return 0;
}
