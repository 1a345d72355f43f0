// Server-side sessions, keyed by the hash of the cookie token; each also has a public id, the name the web uses.
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../db.js";
import type { SessionTable } from "../schema-sign-in.js";
import { nowSeconds } from "../time.js";

export async function createSession(db: Db, session: Insertable<SessionTable>): Promise<void> {
  await db.insertInto("session").values(session).execute();
}

export function findLiveSession(db: Db, id: string): Promise<Selectable<SessionTable> | undefined> {
  return db.selectFrom("session").selectAll().where("id", "=", id).where("expires_ts", ">", nowSeconds()).executeTakeFirst();
}

/**
 * A live session with the account it signs in, in one read (every request with a session cookie asks): null when the
 * session is gone, expired, or its user deleted.
 */
export function findLiveSessionActor(db: Db, id: string) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.user_id")
    .select(["session.last_active_ts", "session.two_factor_pending", "user.id as user_id", "user.role", "user.username", "user.row_status"])
    .where("session.id", "=", id)
    .where("session.expires_ts", ">", nowSeconds())
    .executeTakeFirst();
}

/** A user's live sessions, the most recently active first. */
export function listLiveSessions(db: Db, userId: number): Promise<Selectable<SessionTable>[]> {
  return db
    .selectFrom("session")
    .selectAll()
    .where("user_id", "=", userId)
    .where("expires_ts", ">", nowSeconds())
    .orderBy("last_active_ts", "desc")
    .orderBy("created_ts", "desc")
    .execute();
}

/** Records activity unless another request did since `before` (two requests at once write once). */
export async function touchSession(db: Db, id: string, activeTs: number, address: string, before: number): Promise<void> {
  await db
    .updateTable("session")
    .set({ last_active_ts: activeTs, address })
    .where("id", "=", id)
    .where("last_active_ts", "<", before)
    .execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", id).execute();
}

export function findLiveSessionByPublicId(db: Db, publicId: string): Promise<Selectable<SessionTable> | undefined> {
  return db.selectFrom("session").selectAll().where("public_id", "=", publicId).where("expires_ts", ">", nowSeconds()).executeTakeFirst();
}

/** Revokes every session of a user except, optionally, the one making the request. */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom("session").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom("session").where("expires_ts", "<=", nowSeconds()).execute();
}

/** Gives a live session the key of a new cookie token (the hash of it); false when it is gone or was re-keyed already. */
export async function rekeySession(db: Db, id: string, newId: string): Promise<boolean> {
  const result = await db
    .updateTable("session")
    .set({ id: newId })
    .where("id", "=", id)
    .where("expires_ts", ">", nowSeconds())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
