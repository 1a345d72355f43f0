// Instance-wide settings: name plus a JSON-encoded value.
import type { Db } from "../db.js";

export interface SystemSettingRow {
  name: string;
  value: string;
  description: string;
}

export function listSystemSettings(db: Db): Promise<SystemSettingRow[]> {
  return db.selectFrom("system_setting").selectAll().orderBy("name").execute();
}

export function findSystemSetting(db: Db, name: string): Promise<SystemSettingRow | undefined> {
  return db.selectFrom("system_setting").selectAll().where("name", "=", name).executeTakeFirst();
}

export async function upsertSystemSetting(db: Db, row: SystemSettingRow): Promise<SystemSettingRow> {
  return db
    .insertInto("system_setting")
    .values(row)
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: row.value, description: row.description }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes the row unless one of that name exists (a concurrent first start included). */
export async function insertSystemSettingIfMissing(db: Db, row: SystemSettingRow): Promise<void> {
  await db
    .insertInto("system_setting")
    .values(row)
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}
