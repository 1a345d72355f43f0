// Instance administration (settings, vacuum, database size) belongs to the host and admins. The one
// exception is page code (additionalStyle and additionalScript): it runs in every visitor's browser, the host's
// included, so an admin who could write it could act as the host. Only the host may change it.
import { canWritePageCode } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isAdmin, isHost } from "./utils.js";

export type SystemAction = "read-settings" | "write-settings" | "write-page-code" | "vacuum";

export function authorizeSystem(viewer: Viewer, action: SystemAction): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Unauthorized: only the host or an admin may do this", { reason: "auth.admin-only" });
  if (action === "write-page-code" && !canWritePageCode(viewer.role)) {
    throw forbidden("Unauthorized: only the host may change additionalStyle and additionalScript", { reason: "auth.host-only" });
  }
}

/** Who may read an instance setting: anyone, any signed-in member, or the host and admins (settings that hold credentials). */
export type SettingAudience = "everyone" | "members" | "admins";

export function authorizeSettingRead(viewer: Viewer, audience: SettingAudience): void {
  if (audience === "everyone") return;
  if (viewer === null) throw unauthenticated();
  if (audience === "admins") authorizeSystem(viewer, "read-settings");
}

export const canSeeDatabaseSize = (viewer: Viewer): boolean => isAdmin(viewer);

/** Backups are the host's concern: the schedule, when the last ran, and its size (file paths are not shown). */
export const canSeeBackupStatus = (viewer: Viewer): boolean => isHost(viewer);
