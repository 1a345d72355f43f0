// Queries on the user table and the rows that hang off a user.
import { type Role, type RowStatus, usernameKey } from "@memos/common";
import { batches } from "../batches.js";
import type { Db } from "../db.js";
import type { NewUser, UserRow } from "../schema.js";
import { nowSeconds } from "../time.js";
import { COMMENT_OWNED, deleteOwned, MEMO_OWNED, RESOURCE_OWNED, USER_OWNED, WEBHOOK_OWNED } from "./owned-rows.js";
import { deleteSpacesOwnedBy } from "./space.store.js";

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
  /** The avatar's time, set with its bytes (user-avatar.store.ts); null when it is cleared. */
  avatar_ts?: number | null;
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

/**
 * Removes the user and everything that is theirs, as the v0 orphan cleanup did. Run inside a transaction. The
 * same table lists (owned-rows.ts) drive `deleteOrphans`, so the two can never disagree about what a user owns.
 */
export async function deleteUserCascade(db: Db, id: number): Promise<void> {
  // Before its memos and memberships go: the spaces it owned are deleted, their other members' memos theirs again.
  await deleteSpacesOwnedBy(db, id);
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
  for (const owned of COMMENT_OWNED) await deleteOwned(db, owned, "in", commentIds);
  for (const owned of MEMO_OWNED) await deleteOwned(db, owned, "in", memoIds);
  for (const owned of RESOURCE_OWNED) await deleteOwned(db, owned, "in", resourceIds);
  const webhookIds = db.selectFrom("webhook").select("id").where("user_id", "=", id);
  for (const owned of WEBHOOK_OWNED) await deleteOwned(db, owned, "in", webhookIds);
  for (const owned of USER_OWNED) await deleteOwned(db, owned, "=", id);
  await db.deleteFrom("user").where("id", "=", id).execute();
}

/** The vacuum's cleanup: rows whose user, memo or resource is gone. Run inside a transaction. */
export async function deleteOrphans(db: Db): Promise<void> {
  for (const owned of USER_OWNED) await deleteOwned(db, owned, "not in", db.selectFrom("user").select("id"));
  for (const owned of WEBHOOK_OWNED) await deleteOwned(db, owned, "not in", db.selectFrom("webhook").select("id"));
  const memoIds = db.selectFrom("memo").select("id").unionAll(db.selectFrom("memo_trash").select("memo_id as id"));
  for (const owned of MEMO_OWNED) await deleteOwned(db, owned, "not in", memoIds);
  for (const owned of RESOURCE_OWNED) await deleteOwned(db, owned, "not in", db.selectFrom("resource").select("id"));
  for (const owned of COMMENT_OWNED) await deleteOwned(db, owned, "not in", db.selectFrom("memo_comment").select("id"));
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
