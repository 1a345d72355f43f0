// Instance administration (settings, vacuum, database size) belongs to the host and admins.
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isAdmin } from "./utils.js";

export type SystemAction = "read-settings" | "write-settings" | "vacuum";

export function authorizeSystem(viewer: Viewer, _action: SystemAction): void {
  if (viewer === null) throw unauthenticated();
  if (!isAdmin(viewer)) throw forbidden("Unauthorized: only the host or an admin may do this");
}

export const canSeeDatabaseSize = (viewer: Viewer): boolean => isAdmin(viewer);
