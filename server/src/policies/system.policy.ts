// Instance administration (settings, vacuum, database size) belongs to the host and admins. The one
// exception is additionalScript: it runs in every visitor's browser, the host's included, so an admin who
// could write it could act as the host. Only the host may change it.
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isAdmin, isHost } from "./utils.js";

export type SystemAction = "read-settings" | "write-settings" | "write-script" | "vacuum";

export function authorizeSystem(viewer: Viewer, action: SystemAction): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Unauthorized: only the host or an admin may do this");
  if (action === "write-script" && !isHost(viewer)) throw forbidden("Unauthorized: only the host may change additionalScript");
}

export const canSeeDatabaseSize = (viewer: Viewer): boolean => isAdmin(viewer);
