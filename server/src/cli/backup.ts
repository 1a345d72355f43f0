// `npm run backup -- --data ./data --out backup.db`: a consistent copy of the SQLite database, taken while the
// server runs and writes (better-sqlite3's online backup API).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { backupSqliteFile } from "../store/sqlite-backup.js";
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
  const started = Date.now();
  const result = await backupSqliteFile(config.dsn, out);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`memos: backed up ${config.dsn} to ${result.file} (${result.bytes} bytes, ${seconds} s)`);
  return 0;
}
