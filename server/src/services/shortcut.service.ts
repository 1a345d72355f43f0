// Shortcuts: a user's saved filters.
import type { Shortcut, ShortcutCreate, ShortcutPatch } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { authorizeShortcut, type ShortcutAction } from "../policies/shortcut.policy.js";
import { presentShortcut } from "../presenters/shortcut.presenter.js";
import type { Db } from "../store/db.js";
import type { ShortcutRow } from "../store/schema.js";
import {
  deleteShortcut as removeShortcut,
  findShortcutById,
  insertShortcut,
  listShortcutsOfCreator,
  updateShortcut,
} from "../store/sql/shortcut.store.js";
import { requireSignedIn } from "../policies/utils.js";

async function requireShortcut(db: Db, id: number): Promise<ShortcutRow> {
  const shortcut = await findShortcutById(db, id);
  if (!shortcut) throw notFound(`Shortcut ID not found: ${id}`, { reason: "shortcut.not-found" });
  return shortcut;
}

/**
 * The shortcut `id`, when `viewer` may do `action` to it; 404 otherwise. PATCH asks it before the body is
 * validated too (v0 answered it before a 400).
 */
export async function authorizedShortcut(ctx: AppContext, viewer: Viewer, id: number, action: ShortcutAction): Promise<ShortcutRow> {
  const shortcut = await requireShortcut(ctx.store.db, id);
  authorizeShortcut(viewer, action, shortcut);
  return shortcut;
}

export async function listShortcuts(ctx: AppContext, viewer: Viewer): Promise<Shortcut[]> {
  requireSignedIn(viewer);
  return (await listShortcutsOfCreator(ctx.store.db, viewer.id)).map(presentShortcut);
}

export async function getShortcut(ctx: AppContext, viewer: Viewer, id: number): Promise<Shortcut> {
  return presentShortcut(await authorizedShortcut(ctx, viewer, id, "read"));
}

/** `input` is valid already (the route's schema, shortcutCreateSchema). */
export async function createShortcut(ctx: AppContext, viewer: Viewer, input: ShortcutCreate): Promise<Shortcut> {
  requireSignedIn(viewer);
  return presentShortcut(await insertShortcut(ctx.store.db, { creator_id: viewer.id, title: input.title, payload: input.payload }));
}

/** `input` is valid already (the route's schema, shortcutPatchSchema). */
export async function patchShortcut(ctx: AppContext, viewer: Viewer, id: number, input: ShortcutPatch): Promise<Shortcut> {
  await authorizedShortcut(ctx, viewer, id, "update");
  const row = await updateShortcut(ctx.store.db, id, { title: input.title, payload: input.payload, row_status: input.rowStatus });
  return presentShortcut(row);
}

export async function deleteShortcut(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await authorizedShortcut(ctx, viewer, id, "delete");
  await removeShortcut(ctx.store.db, id);
}
