// Rolling backups of the SQLite database while the server runs (`--backup-every 24h --backup-keep 7`): a timer,
// off the request path, takes an online backup through the main connection a few pages per step (the event loop
// keeps serving between steps) and removes the oldest beyond `keep`. What the host sees of it is read here.
import type { DatabaseHandle } from "../store/db.js";
import { listRollingBackups, takeRollingBackup } from "../store/backup/sqlite-backup.js";

export interface BackupScheduleOptions {
  everyMs: number;
  keep: number;
  /** The data folder: the files under its assets folder that a backup refers to go beside the backup. */
  data?: string;
  /** Told of every backup taken, and of failures. */
  log?: { info(message: string): void; error(message: string): void };
  now?: () => Date;
}

export interface BackupSchedule {
  readonly everyMs: number;
  readonly keep: number;
  /** The last failure's message, cleared by the next backup that succeeds. */
  readonly lastError: string | null;
  /** Takes a backup now (the timer's own work; tests call it directly). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a backup in progress (the connection must outlive it). */
  stop(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); longer waits are taken in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function startBackupSchedule(store: DatabaseHandle, options: BackupScheduleOptions): BackupSchedule {
  const { sqliteFile: file, sqliteMain: main } = store;
  if (!file || !main) throw new Error("rolling backups are for SQLite; back up PostgreSQL with pg_dump");
  const now = options.now ?? (() => new Date());
  let lastError: string | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const runNow = (): Promise<void> => {
    running ??= (async () => {
      try {
        const resume = await store.holdUpkeep();
        const { backup, removed, leftovers } = await takeRollingBackup(main, file, options.keep, now(), options.data).finally(resume);
        const assets = backup.assets;
        lastError = null;
        if (leftovers.length > 0)
          options.log?.info(
            `backup: removed ${leftovers.length} leftovers of backups that were stopped: ${leftovers.slice(0, 5).join(", ")}`,
          );
        const files = assets?.folder ? `; ${assets.files} files in ${assets.folder}` : "";
        options.log?.info(
          `backup written: ${backup.file} (${backup.bytes} bytes${files}${removed.length ? `; removed ${removed.length} older` : ""})`,
        );
        if (assets?.missing.length)
          options.log?.error(
            `backup: ${assets.missing.length} files it refers to are not in the assets folder: ${assets.missing.slice(0, 5).join(", ")}`,
          );
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        options.log?.error(`backup failed: ${lastError}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  /** The next backup is due `everyMs` after the newest one on disk (at once when there is none, or it is old). */
  const schedule = () => {
    if (stopped) return;
    const newest = listRollingBackups(file).at(-1);
    const due = newest ? newest.takenAt.getTime() + options.everyMs : now().getTime();
    // After a failure, try again later rather than at once: the newest backup on disk is still the old one.
    const retry = lastError === null ? 0 : Math.min(options.everyMs, 5 * 60_000);
    const wait = Math.max(retry, due - now().getTime());
    timer = setTimeout(
      () => {
        timer = null;
        if (wait > MAX_TIMER_MS) return schedule();
        void runNow().then(schedule);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
  };
  schedule();

  return {
    everyMs: options.everyMs,
    keep: options.keep,
    get lastError() {
      return lastError;
    },
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
