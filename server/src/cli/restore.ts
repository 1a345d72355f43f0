// `npm run restore -- --data ./data --from backup.db`: replaces the database with a checked backup, keeping the
// previous file, and puts back the uploads kept as files beside the backup. Refuses while a server uses the database,
// and refuses a backup whose files are missing (unless --allow-missing-files): then nothing is changed.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { runningInstance } from "../store/instance/instance-lock.js";
import { assetsMissingFor, restoreAssets } from "../store/backup/asset-backup.js";
import { RestoreRefused, restoreSqlite } from "../store/backup/sqlite-backup.js";
import { configFrom, takeFlags, UsageError } from "./args.js";

export const RESTORE_USAGE =
  "npm run restore -- [--data ./data] [--mode prod] [--dsn file.db] --from backup.db [--allow-missing-files yes]";

export async function restoreCommand(argv: string[], cwd = process.cwd()): Promise<number> {
  const { values, rest } = takeFlags(argv, ["from", "allow-missing-files"]);
  const config = configFrom(rest, process.env, cwd);
  if (!values.from) throw new UsageError("--from is required: the backup file to restore");
  const allowMissing = values["allow-missing-files"];
  if (allowMissing !== undefined && allowMissing !== "yes") throw new UsageError("--allow-missing-files takes yes");
  if (config.driver !== "sqlite") {
    throw new UsageError("restore is for SQLite; restore PostgreSQL with pg_restore (or psql for a plain dump)");
  }
  const from = resolve(cwd, values.from);
  if (!existsSync(from)) throw new UsageError(`no backup at ${from}`);
  if (from === config.dsn) throw new UsageError("--from is the database itself");
  const running = runningInstance(config.dsn);
  if (running) {
    throw new UsageError(
      `a memos server (pid ${running.pid}${running.host ? ` on ${running.host}` : ""}) is using ${config.dsn}: stop it first`,
    );
  }
  // Every file the backup refers to must be beside it (or still under <data>/assets) before anything is replaced.
  // (A file that is not a readable memos database has none to list: restoreSqlite refuses it with the reason.)
  const missing = await assetsMissingFor(from, config.data).catch(() => []);
  if (missing.length > 0) {
    for (const path of missing) console.error(`memos: missing from ${from}.assets and from ${config.data}/assets: ${path}`);
    if (allowMissing !== "yes") {
      throw new RestoreRefused(
        `the backup is incomplete: ${missing.length} files it refers to are missing (listed above); nothing was changed. ` +
          "Restore from another backup, or pass --allow-missing-files yes to restore it without them",
      );
    }
  }
  const now = new Date();
  const result = await restoreSqlite(config.dsn, from, now);
  if (result.previous) console.log(`memos: the previous database is kept as ${result.previous}`);
  for (const file of result.removed) console.log(`memos: removed the stale ${file}`);
  // Uploads kept as files: back from <backup>.assets/ into <data>/assets.
  const assets = await restoreAssets(config.dsn, from, config.data, now.toISOString().replaceAll(":", "-"));
  if (assets.restored > 0) console.log(`memos: put back ${assets.restored} files into ${config.data}/assets`);
  if (assets.keptAside) console.log(`memos: files of the same names but other contents are kept in ${assets.keptAside}`);
  if (assets.missing.length > 0)
    console.error(
      `memos: restored without ${assets.missing.length} files (--allow-missing-files): their resources answer 500 until the files are put back`,
    );
  console.log(`memos: restored ${from} into ${config.dsn}; start the server to use it`);
  return 0;
}
