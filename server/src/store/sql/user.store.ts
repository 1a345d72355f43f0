// Queries on the user table and the rows that hang off a user.
import { type Role, type RowStatus, usernameKey } from "@memos/common";
import { batches } from "../batches.js";
import type { Db } from "../db.js";
import type { NewUser, UserRow } from "../schema.js";
import { nowSeconds } from "../time.js";
import { COMMENT_OWNED } from "./comment.store.js";

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
  const rows = await db
    .selectFrom("user")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
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

/** The tables that hold a user's rows, with the column naming the user. */
const USER_TABLES = [
  ["memo", "creator_id"],
  ["memo_trash", "creator_id"],
  ["trash_purge", "creator_id"],
  ["memo_reaction", "creator_id"],
  ["memo_comment", "creator_id"],
  ["comment_reaction", "creator_id"],
  ["inbox_item", "user_id"],
  ["inbox_item", "actor_id"],
  ["resource", "creator_id"],
  ["shortcut", "creator_id"],
  ["tag", "creator_id"],
  ["user_setting", "user_id"],
  ["session", "user_id"],
  ["user_identity", "user_id"],
  ["activity", "creator_id"],
  ["memo_organizer", "user_id"],
  ["access_token", "user_id"],
  ["user_totp", "user_id"],
  ["user_recovery_code", "user_id"],
  ["user_passkey", "user_id"],
  ["passkey_challenge", "user_id"],
  ["oauth_code", "user_id"],
  ["webhook", "user_id"],
  // After "memo": the triggers that keep these counters run on its delete first.
  ["memo_count", "creator_id"],
  ["memo_tag_count", "creator_id"],
] as const;

/** The tables whose rows hang off a memo (in `memo` or in the trash) or a resource. */
const MEMO_TABLES = [
  ["memo_resource", "memo_id"],
  ["memo_organizer", "memo_id"],
  ["memo_tag", "memo_id"],
  ["memo_revision", "memo_id"],
  ["memo_share", "memo_id"],
  ["memo_reaction", "memo_id"],
  ["memo_comment", "memo_id"],
  ["memo_comment_closed", "memo_id"],
  ["inbox_item", "memo_id"],
  ["memo_relation", "memo_id"],
  ["memo_relation", "related_memo_id"],
] as const;
const RESOURCE_TABLES = [
  ["memo_resource", "resource_id"],
  ["memo_comment_resource", "resource_id"],
] as const;
const WEBHOOK_DELIVERIES = ["webhook_delivery", "webhook_id"] as const;

type OwnedTable =
  | (typeof USER_TABLES | typeof MEMO_TABLES | typeof RESOURCE_TABLES)[number]
  | typeof WEBHOOK_DELIVERIES
  | (typeof COMMENT_OWNED)[number];

/** `DELETE FROM table WHERE column <op> ids`, for the lists above (their names are not one Kysely type). */
function deleteWhere(db: Db, [table, column]: OwnedTable, op: "=" | "in" | "not in", value: unknown) {
  // biome-ignore lint/suspicious/noExplicitAny: the tables' rows differ, so no one Kysely type names them all
  const query = (db.deleteFrom(table) as any).where(column, op, value);
  // `NULL NOT IN (none)` is true: a row naming nothing (an inbox item about no comment) is no orphan.
  return (op === "not in" ? query.where(column, "is not", null) : query).execute() as Promise<unknown>;
}

/**
 * Removes the user and everything that is theirs, as the v0 orphan cleanup did. Run inside a transaction. The
 * same table lists drive `deleteOrphans`, so the two can never disagree about what a user owns.
 */
export async function deleteUserCascade(db: Db, id: number): Promise<void> {
  const memoIds = db
    .selectFrom("memo")
    .select("id")
    .where("creator_id", "=", id)
    .unionAll(db.selectFrom("memo_trash").select("memo_id as id").where("creator_id", "=", id));
  const resourceIds = db.selectFrom("resource").select("id").where("creator_id", "=", id);
  const commentIds = db
    .selectFrom("memo_comment")
    .select("id")
    .where((eb) => eb.or([eb("creator_id", "=", id), eb("memo_id", "in", memoIds)]));
  for (const table of COMMENT_OWNED) await deleteWhere(db, table, "in", commentIds);
  for (const table of MEMO_TABLES) await deleteWhere(db, table, "in", memoIds);
  for (const table of RESOURCE_TABLES) await deleteWhere(db, table, "in", resourceIds);
  await deleteWhere(db, WEBHOOK_DELIVERIES, "in", db.selectFrom("webhook").select("id").where("user_id", "=", id));
  for (const table of USER_TABLES) await deleteWhere(db, table, "=", id);
  await db.deleteFrom("user").where("id", "=", id).execute();
}

/** The vacuum's cleanup: rows whose user, memo or resource is gone. Run inside a transaction. */
export async function deleteOrphans(db: Db): Promise<void> {
  for (const table of USER_TABLES) await deleteWhere(db, table, "not in", db.selectFrom("user").select("id"));
  await deleteWhere(db, WEBHOOK_DELIVERIES, "not in", db.selectFrom("webhook").select("id"));
  const memoIds = db.selectFrom("memo").select("id").unionAll(db.selectFrom("memo_trash").select("memo_id as id"));
  for (const table of MEMO_TABLES) await deleteWhere(db, table, "not in", memoIds);
  for (const table of RESOURCE_TABLES) await deleteWhere(db, table, "not in", db.selectFrom("resource").select("id"));
  for (const table of COMMENT_OWNED) await deleteWhere(db, table, "not in", db.selectFrom("memo_comment").select("id"));
}

/** True once any account exists (the demo seed fills only an empty database). */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom("user").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** The accounts of these usernames (compared as sign-in compares them: usernameKey), by key. */
export async function findUsersByUsernames(db: Db, usernames: readonly string[]): Promise<UserRow[]> {
  const rows: UserRow[] = [];
  for (const keys of batches([...new Set(usernames.map(usernameKey))])) {
    rows.push(...(await db.selectFrom("user").selectAll().where("username_key", "in", keys).execute()));
  }
  return rows;
}
