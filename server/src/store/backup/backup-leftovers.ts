// What backups stopped by a crash or a kill leave behind, and its removal at the next backup or start. A backup
// being written is `<target>.<pid>.partial` (with SQLite's `-journal` beside it while it is written) and, with
// files, `<target>.assets.<pid>.partial/`; both get their final names only once complete (sqlite-backup.ts). The
// pid in the name says whether the writer still lives: what a live process is writing is never touched.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isAlive } from "../instance/instance-lock.js";

/** `<name>.<pid>.partial`, its `-journal`, and a backup's files being gathered (`<name>.assets.<pid>.partial`). */
const WITH_PID = /^(.+)\.(\d+)\.partial(-journal)?$/;
/** Versions before the pid was in the name wrote `<name>.partial` (and `-journal`). */
const WITHOUT_PID = /^(.+\.db)\.partial(-journal)?$/;

/**
 * Removes the leftovers of stopped backups in `folder` whose names start with `prefix`: partial snapshots and
 * file folders of processes that no longer run, and a `<name>.assets` folder whose backup `<name>` does not
 * exist (its run stopped between the two renames). Returns the paths removed.
 */
export async function removeBackupLeftovers(folder: string, prefix = ""): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.startsWith(prefix));
  } catch {
    return [];
  }
  const removed: string[] = [];
  const remove = (name: string) => {
    rmSync(join(folder, name), { recursive: true, force: true });
    removed.push(join(folder, name));
  };
  /** Targets that a live process is writing now. */
  const live = new Set<string>();
  for (const name of names) {
    const match = WITH_PID.exec(name);
    if (!match) continue;
    const target = match[1]!.replace(/\.assets$/, "");
    if (isAlive(Number(match[2]))) live.add(target);
    else remove(name);
  }
  for (const name of names) {
    if (WITHOUT_PID.test(name) && !WITH_PID.test(name)) remove(name);
  }
  // Checked after the partial names: a live run renames its snapshot to `<name>` after its `.assets` folder.
  for (const name of names) {
    if (!name.endsWith(".assets")) continue;
    const target = name.slice(0, -".assets".length);
    if (!live.has(target) && !existsSync(join(folder, target))) remove(name);
  }
  return removed;
}
