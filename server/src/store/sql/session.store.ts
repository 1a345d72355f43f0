// Server-side sessions, keyed by the hash of the cookie token.
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../db.js";
import type { SessionTable } from "../schema.js";
import { nowSeconds } from "../time.js";

export async function createSession(db: Db, session: Insertable<SessionTable>): Promise<void> {
  await db.insertInto("session").values(session).execute();
}

export function findLiveSession(db: Db, id: string): Promise<Selectable<SessionTable> | undefined> {
  return db.selectFrom("session").selectAll().where("id", "=", id).where("expires_ts", ">", nowSeconds()).executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", id).execute();
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
