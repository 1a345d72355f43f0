// Shortcuts: a user's saved filters.
import { type Shortcut, type ShortcutCreate, shortcutPatchSchema } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { authorizeShortcut } from "../policies/shortcut.policy.js";
import { presentShortcut } from "../presenters/shortcut.presenter.js";
import type { Db } from "../store/db.js";
import type { ShortcutRow } from "../store/schema.js";
import {
  deleteShortcut as removeShortcut,
  findShortcutById,
  insertShortcut,
  listShortcutsOfCreator,
  updateShortcut,
} from "../store/shortcut.store.js";
import { parseInput } from "./validate.js";
import { requireSignedIn } from "../policies/utils.js";

async function requireShortcut(db: Db, id: number): Promise<ShortcutRow> {
  const shortcut = await findShortcutById(db, id);
  if (!shortcut) throw notFound(`Shortcut ID not found: ${id}`);
  return shortcut;
}

/** The web parses the payload as a filter list, so it must at least be JSON. */
function assertPayload(payload: string, message: string): void {
  try {
    JSON.parse(payload);
  } catch {
    throw badRequest(`${message}: payload must be JSON text`);
  }
}

function assertTitle(title: string, message: string): void {
  if (title.trim() === "") throw badRequest(`${message}: Title is required`);
}

export async function listShortcuts(ctx: AppContext, viewer: Viewer): Promise<Shortcut[]> {
  requireSignedIn(viewer);
  return (await listShortcutsOfCreator(ctx.store.db, viewer.id)).map(presentShortcut);
}

export async function getShortcut(ctx: AppContext, viewer: Viewer, id: number): Promise<Shortcut> {
  const shortcut = await requireShortcut(ctx.store.db, id);
  authorizeShortcut(viewer, "read", shortcut);
  return presentShortcut(shortcut);
}

/** `input` is valid already (the route's schema, shortcutCreateSchema). */
export async function createShortcut(ctx: AppContext, viewer: Viewer, input: ShortcutCreate): Promise<Shortcut> {
  requireSignedIn(viewer);
  const message = "Malformatted post shortcut request";
  assertTitle(input.title, message);
  assertPayload(input.payload, message);
  return presentShortcut(await insertShortcut(ctx.store.db, { creator_id: viewer.id, title: input.title, payload: input.payload }));
}

export async function patchShortcut(ctx: AppContext, viewer: Viewer, id: number, body: unknown): Promise<Shortcut> {
  const { db } = ctx.store;
  authorizeShortcut(viewer, "update", await requireShortcut(db, id));
  const message = "Malformatted patch shortcut request";
  const input = parseInput(shortcutPatchSchema, body, message);
  if (input.title !== undefined) assertTitle(input.title, message);
  if (input.payload !== undefined) assertPayload(input.payload, message);
  const row = await updateShortcut(db, id, { title: input.title, payload: input.payload, row_status: input.rowStatus });
  return presentShortcut(row);
}

export async function deleteShortcut(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const { db } = ctx.store;
  authorizeShortcut(viewer, "delete", await requireShortcut(db, id));
  await removeShortcut(db, id);
}
