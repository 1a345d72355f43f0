// Queries on the user table and the rows that hang off a user.
import { type Role, type RowStatus, usernameKey } from "@memos/common";
import type { Db } from "./db.js";
import type { NewUser, UserRow } from "./schema.js";
import { nowSeconds } from "./time.js";

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("username", "=", username).executeTakeFirst();
}

/** The account whose name equals this one ignoring case and width (see `usernameKey`). */
export function findUserByUsernameKey(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("username_key", "=", usernameKey(username)).executeTakeFirst();
}

export function findUserByOpenId(db: Db, openId: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("open_id", "=", openId).executeTakeFirst();
}

export function findHost(db: Db): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("role", "=", "HOST").orderBy("id").executeTakeFirst();
}

export async function findUsersByIds(db: Db, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("user").selectAll().where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom("user").selectAll().orderBy("created_ts", "desc").orderBy("row_status", "desc").orderBy("id", "desc").execute();
}

export async function createUser(db: Db, user: NewUser): Promise<UserRow> {
  const now = nowSeconds();
  return db
    .insertInto("user")
    .values({ created_ts: now, updated_ts: now, ...user, username_key: usernameKey(user.username) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface UserUpdate {
  username?: string;
  email?: string;
  nickname?: string;
  password_hash?: string;
  row_status?: RowStatus;
  open_id?: string;
  role?: Role;
}

export async function updateUser(db: Db, id: number, update: UserUpdate): Promise<UserRow> {
  return db
    .updateTable("user")
    .set({
      ...update,
      ...(update.username !== undefined ? { username_key: usernameKey(update.username) } : {}),
      updated_ts: nowSeconds(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the user and everything that is theirs, as the v0 orphan cleanup did. Run inside a transaction. */
export async function deleteUserCascade(db: Db, id: number): Promise<void> {
  const memoIds = db.selectFrom("memo").select("id").where("creator_id", "=", id);
  const resourceIds = db.selectFrom("resource").select("id").where("creator_id", "=", id);
  await db.deleteFrom("memo_resource").where((eb) => eb.or([eb("memo_id", "in", memoIds), eb("resource_id", "in", resourceIds)])).execute();
  await db.deleteFrom("memo_organizer").where((eb) => eb.or([eb("memo_id", "in", memoIds), eb("user_id", "=", id)])).execute();
  await db.deleteFrom("memo_tag").where("memo_id", "in", memoIds).execute();
  await db.deleteFrom("memo").where("creator_id", "=", id).execute();
  await db.deleteFrom("resource").where("creator_id", "=", id).execute();
  await db.deleteFrom("shortcut").where("creator_id", "=", id).execute();
  await db.deleteFrom("tag").where("creator_id", "=", id).execute();
  await db.deleteFrom("user_setting").where("user_id", "=", id).execute();
  await db.deleteFrom("session").where("user_id", "=", id).execute();
  await db.deleteFrom("activity").where("creator_id", "=", id).execute();
  await db.deleteFrom("user").where("id", "=", id).execute();
}
