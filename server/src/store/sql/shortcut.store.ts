// Shortcuts: saved filters, owned by one user.
import type { RowStatus } from "@memos/common";
import type { Db } from "../db.js";
import type { ShortcutRow } from "../schema.js";
import { nowSeconds } from "../time.js";

export function listShortcutsOfCreator(db: Db, creatorId: number): Promise<ShortcutRow[]> {
  return db
    .selectFrom("shortcut")
    .selectAll()
    .where("creator_id", "=", creatorId)
    .orderBy("created_ts", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findShortcutById(db: Db, id: number): Promise<ShortcutRow | undefined> {
  return db.selectFrom("shortcut").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertShortcut(db: Db, shortcut: { creator_id: number; title: string; payload: string }): Promise<ShortcutRow> {
  const now = nowSeconds();
  return db
    .insertInto("shortcut")
    .values({ created_ts: now, updated_ts: now, ...shortcut })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateShortcut(
  db: Db,
  id: number,
  update: { title?: string; payload?: string; row_status?: RowStatus },
): Promise<ShortcutRow> {
  return db
    .updateTable("shortcut")
    .set({ ...update, updated_ts: nowSeconds() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteShortcut(db: Db, id: number): Promise<void> {
  await db.deleteFrom("shortcut").where("id", "=", id).execute();
}
