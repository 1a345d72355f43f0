// Spaces (migration 051): the spaces, their members and their invitation links. A member's memos in a space are
// memo rows naming it (`space_id`), which go back to their author (space_id null: their private memos again) when
// the author leaves or is removed, or the space is deleted.
import type { SpaceMemberRole, SpaceRole } from "@memos/common";
import type { Db } from "../db.js";
import type { SpaceInvitationRow, SpaceRow } from "../schema.js";
import { nowSeconds } from "../time.js";

/** A space as one of its members sees it: with the member's role and how many members it has. */
export interface SpaceOfMember extends SpaceRow {
  role: SpaceRole;
}

export interface SpaceMemberRow {
  user_id: number;
  role: SpaceRole;
  created_ts: number;
  username: string;
  nickname: string;
}

/** A new space with its owner as its first member. Run inside a transaction. */
export async function insertSpace(db: Db, name: string, ownerId: number): Promise<number> {
  const now = nowSeconds();
  const { id } = await db.insertInto("space").values({ name, created_ts: now }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("space_member").values({ space_id: id, user_id: ownerId, role: "owner", created_ts: now }).execute();
  return id;
}

export function findSpace(db: Db, id: number): Promise<SpaceRow | undefined> {
  return db.selectFrom("space").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function renameSpace(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable("space").set({ name }).where("id", "=", id).execute();
}

/** The user's role in the space, or null when they are not a member (the primary key). */
export async function findSpaceRole(db: Db, spaceId: number, userId: number): Promise<SpaceRole | null> {
  const row = await db
    .selectFrom("space_member")
    .select("role")
    .where("space_id", "=", spaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Every space the user is a member of, with their role in each (idx_space_member_user). */
export async function listSpaceRolesOfUser(db: Db, userId: number): Promise<Map<number, SpaceRole>> {
  const rows = await db.selectFrom("space_member").select(["space_id", "role"]).where("user_id", "=", userId).execute();
  return new Map(rows.map((row) => [row.space_id, row.role]));
}

/** The roles of these users in these spaces, by user (a mention's readers: a few of each). */
export async function listSpaceRolesOfUsers(
  db: Db,
  userIds: readonly number[],
  spaceIds: readonly number[],
): Promise<Map<number, Map<number, SpaceRole>>> {
  const rows = await db
    .selectFrom("space_member")
    .select(["space_id", "user_id", "role"])
    .where("user_id", "in", [...userIds])
    .where("space_id", "in", [...spaceIds])
    .execute();
  const roles = new Map<number, Map<number, SpaceRole>>();
  for (const row of rows) roles.set(row.user_id, (roles.get(row.user_id) ?? new Map()).set(row.space_id, row.role));
  return roles;
}

/** The user's spaces, by name (a member's spaces are a handful: read whole). */
export function listSpacesOfUser(db: Db, userId: number): Promise<SpaceOfMember[]> {
  return db
    .selectFrom("space_member as sm")
    .innerJoin("space as s", "s.id", "sm.space_id")
    .select(["s.id", "s.name", "s.created_ts", "sm.role"])
    .where("sm.user_id", "=", userId)
    .orderBy("s.name")
    .orderBy("s.id")
    .execute();
}

/** The space's members, the owner first, then by username. */
export async function listSpaceMembers(db: Db, spaceId: number): Promise<SpaceMemberRow[]> {
  const rows = await db
    .selectFrom("space_member as sm")
    .innerJoin("user as u", "u.id", "sm.user_id")
    .select(["sm.user_id", "sm.role", "sm.created_ts", "u.username", "u.nickname"])
    .where("sm.space_id", "=", spaceId)
    .execute();
  const rank = (role: SpaceRole) => (role === "owner" ? 0 : 1);
  return rows.sort((a, b) => rank(a.role) - rank(b.role) || a.username.localeCompare(b.username));
}

/** Adds the user with the role; a member already keeps their role. True when they were added. */
export async function addSpaceMember(db: Db, spaceId: number, userId: number, role: SpaceMemberRole): Promise<boolean> {
  const result = await db
    .insertInto("space_member")
    .values({ space_id: spaceId, user_id: userId, role, created_ts: nowSeconds() })
    .onConflict((oc) => oc.columns(["space_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setSpaceMemberRole(db: Db, spaceId: number, userId: number, role: SpaceRole): Promise<void> {
  await db.updateTable("space_member").set({ role }).where("space_id", "=", spaceId).where("user_id", "=", userId).execute();
}

/**
 * The member leaves the space and takes their memos in it back (in the list and in the trash): their private memos
 * again. Run inside a transaction.
 */
export async function removeSpaceMember(db: Db, spaceId: number, userId: number): Promise<void> {
  for (const table of ["memo", "memo_trash"] as const) {
    await db.updateTable(table).set({ space_id: null }).where("space_id", "=", spaceId).where("creator_id", "=", userId).execute();
  }
  await db.deleteFrom("space_member").where("space_id", "=", spaceId).where("user_id", "=", userId).execute();
}

/**
 * Gives up to `limit` of the space's memos (in the list or the trash; of one author when given) back to their
 * authors: a batch of what removeSpaceMember and deleteSpace do, so a large space is let go of a batch per
 * transaction (space.service.ts) and those two find little left. How many it gave back.
 */
export async function detachSpaceMemos(
  db: Db,
  table: "memo" | "memo_trash",
  spaceId: number,
  creatorId: number | undefined,
  limit: number,
): Promise<number> {
  const key = table === "memo" ? "id" : "memo_id";
  const batch = db
    .selectFrom(table)
    .select(key)
    .where("space_id", "=", spaceId)
    .$if(creatorId !== undefined, (query) => query.where("creator_id", "=", creatorId!))
    .limit(limit);
  // biome-ignore lint/suspicious/noExplicitAny: the two tables' keys differ in name, so no one Kysely type names both
  const result = await (db.updateTable(table) as any).set({ space_id: null }).where(key, "in", batch).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A batch of the space's memos in the list (not the trash): their ids and authors, through the feed's index. */
export function spaceMemosBatch(db: Db, spaceId: number, limit: number): Promise<{ id: number; creator_id: number }[]> {
  return db.selectFrom("memo").select(["id", "creator_id"]).where("space_id", "=", spaceId).limit(limit).execute();
}

/**
 * Deletes the space, its members and its invitations; its memos that are left go back to their authors as private
 * memos (those the caller moved to the trash first keep nothing of it either). Run inside a transaction.
 */
export async function deleteSpace(db: Db, spaceId: number): Promise<void> {
  for (const table of ["memo", "memo_trash"] as const) {
    await db.updateTable(table).set({ space_id: null }).where("space_id", "=", spaceId).execute();
  }
  await db.deleteFrom("space_invitation").where("space_id", "=", spaceId).execute();
  await db.deleteFrom("space_member").where("space_id", "=", spaceId).execute();
  await db.deleteFrom("space").where("id", "=", spaceId).execute();
}

/**
 * A deleted account's spaces: each it owned is deleted as its owner would (the other members' memos back to them
 * as private memos); its memberships of others' spaces go with its rows (USER_OWNED). Run inside a transaction.
 */
export async function deleteSpacesOwnedBy(db: Db, userId: number): Promise<void> {
  const owned = await db.selectFrom("space_member").select("space_id").where("user_id", "=", userId).where("role", "=", "owner").execute();
  for (const { space_id } of owned) await deleteSpace(db, space_id);
}

export interface NewSpaceInvitation {
  space_id: number;
  token_hash: string;
  role: SpaceMemberRole;
  expires_ts: number | null;
}

export function insertSpaceInvitation(db: Db, invitation: NewSpaceInvitation): Promise<SpaceInvitationRow> {
  return db
    .insertInto("space_invitation")
    .values({ ...invitation, created_ts: nowSeconds() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The space's invitations that have not expired at `now`, newest first. */
export function listLiveSpaceInvitations(db: Db, spaceId: number, now: number): Promise<SpaceInvitationRow[]> {
  return db
    .selectFrom("space_invitation")
    .selectAll()
    .where("space_id", "=", spaceId)
    .where((eb) => eb.or([eb("expires_ts", "is", null), eb("expires_ts", ">", now)]))
    .orderBy("id", "desc")
    .execute();
}

export function findSpaceInvitationByHash(db: Db, tokenHash: string): Promise<SpaceInvitationRow | undefined> {
  return db.selectFrom("space_invitation").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Revoking deletes the invitation; true when it was the space's. */
export async function deleteSpaceInvitation(db: Db, spaceId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("space_invitation").where("space_id", "=", spaceId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
