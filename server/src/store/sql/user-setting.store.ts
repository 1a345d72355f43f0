// Per-user settings: key plus a JSON-encoded value.
import type { Db } from "../db.js";

export interface UserSettingRow {
  user_id: number;
  key: string;
  value: string;
}

export function listUserSettings(db: Db, userId: number): Promise<UserSettingRow[]> {
  return db.selectFrom("user_setting").selectAll().where("user_id", "=", userId).orderBy("key").execute();
}

export async function findUserSetting(db: Db, userId: number, key: string): Promise<UserSettingRow | undefined> {
  return db.selectFrom("user_setting").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
}

export async function upsertUserSetting(db: Db, row: UserSettingRow): Promise<UserSettingRow> {
  return db
    .insertInto("user_setting")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "key"]).doUpdateSet({ value: row.value }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
