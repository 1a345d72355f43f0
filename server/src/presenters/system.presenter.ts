// The rolling backups as the host sees them: the schedule, and the newest backup's time and size.
import type { BackupStatus } from "@memos/common";
import type { BackupSchedule } from "../services/backup.service.js";
import type { RollingBackup } from "../store/backup/sqlite-backup.js";

export function presentBackupStatus(
  engine: BackupStatus["engine"],
  schedule: Pick<BackupSchedule, "everyMs" | "keep" | "lastError"> | null,
  keep: number,
  newest: RollingBackup | undefined,
  storage: BackupStatus["storage"],
): BackupStatus {
  return {
    everySeconds: schedule ? Math.round(schedule.everyMs / 1000) : null,
    keep: schedule?.keep ?? keep,
    lastTs: newest ? Math.floor(newest.takenAt.getTime() / 1000) : null,
    lastSize: newest ? newest.bytes : null,
    lastError: schedule?.lastError ?? null,
    engine,
    storage,
  };
}
