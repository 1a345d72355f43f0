// A running server marks its SQLite file with `<file>.pid` (its process id), removed when it exits, so that
// `npm run restore` can refuse to replace a database under a live server. A file left by a crashed server
// names a process that no longer exists and is ignored. A server on PostgreSQL marks its data folder the same way
// (`<data>/memos_<mode>.postgres.pid`), which `npm run storage` checks: that command moves files in the folder.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config.js";

/** The file a running server marks: the SQLite database, or for PostgreSQL a name in the data folder. */
export const instanceMarkOf = (config: Pick<Config, "driver" | "dsn" | "data" | "mode">): string =>
  config.driver === "sqlite" ? config.dsn : join(config.data, `memos_${config.mode}.postgres`);

export const pidFileOf = (databaseFile: string): string => `${databaseFile}.pid`;

interface PidRecord {
  pid: number;
  host: string;
  startedAt: string;
}

function readRecord(file: string): PidRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<PidRecord>;
    return typeof parsed.pid === "number"
      ? { pid: parsed.pid, host: String(parsed.host ?? ""), startedAt: String(parsed.startedAt ?? "") }
      : null;
  } catch {
    return null;
  }
}

/** Whether a process of this machine has the id `pid`. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live server using `databaseFile`, or null. A record from another machine counts as live. */
export function runningInstance(databaseFile: string): PidRecord | null {
  const record = readRecord(pidFileOf(databaseFile));
  if (!record) return null;
  if (record.host !== hostname()) return record;
  return isAlive(record.pid) ? record : null;
}

/**
 * Marks `databaseFile` as used by this process; returns the function that removes the mark (only if it is
 * still ours). When another live process holds it, nothing is written and `other` names that process.
 */
export function markInstance(databaseFile: string): { release(): void; other: PidRecord | null } {
  const file = pidFileOf(databaseFile);
  const other = runningInstance(databaseFile);
  if (other && other.pid !== process.pid) return { release: () => {}, other };
  const record: PidRecord = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(record)}\n`);
  return {
    other: null,
    release() {
      if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
