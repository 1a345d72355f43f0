// At a server's start: what a crash or a kill left of the maintenance work on this database is removed, once the
// server knows it is the only process using it (no other live server or storage move marks it): a storage move's
// file that no row refers to, and the partial snapshots and file folders of stopped rolling backups.
import type { Config } from "../config.js";
import { removeBackupLeftovers } from "../store/backup/backup-leftovers.js";
import type { DatabaseHandle } from "../store/db.js";
import { instanceMarkOf } from "../store/instance/instance-lock.js";
import { rollingBackupFolder, rollingPrefix } from "../store/backup/sqlite-backup.js";
import { moveJournalOf, recoverStorageMove } from "../store/files/storage-move.js";

/** Removes the leftovers; returns the paths removed. */
export async function removeLeftovers(store: DatabaseHandle, config: Pick<Config, "driver" | "dsn" | "data" | "mode">): Promise<string[]> {
  const removed = await recoverStorageMove(store.db, config.data, moveJournalOf(instanceMarkOf(config)));
  if (store.sqliteFile)
    removed.push(...(await removeBackupLeftovers(rollingBackupFolder(store.sqliteFile), rollingPrefix(store.sqliteFile))));
  return removed;
}
