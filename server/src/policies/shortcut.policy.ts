// Shortcuts are private to their creator: others get 404, as if they did not exist.
import type { Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { isSelf } from "./utils.js";

export type ShortcutAction = "read" | "update" | "delete";

export function authorizeShortcut(viewer: Viewer, _action: ShortcutAction, shortcut: { id: number; creator_id: number }): void {
  if (!isSelf(viewer, shortcut.creator_id)) throw notFound(`Shortcut ID not found: ${shortcut.id}`, { reason: "shortcut.not-found" });
}
