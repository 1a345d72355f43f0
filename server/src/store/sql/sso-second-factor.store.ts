// The second-factor steps after single sign-on under way (migration 043): keyed by the SHA-256 of the step's browser
// cookie, taken once by a DELETE, gone once expired.
import type { Db } from "../db.js";

/** The steps expired at `now` (idx_sso_second_factor_expires). */
export const expiredSsoSecondFactorsQuery = (db: Db, now: number) => db.deleteFrom("sso_second_factor").where("expires_ts", "<", now);

/** Adds a step; the expired ones go, so the table holds at most a few minutes of sign-ins. */
export async function insertSsoSecondFactor(db: Db, step: { ticket_hash: string; user_id: number; expires_ts: number }, now: number) {
  await expiredSsoSecondFactorsQuery(db, now).execute();
  await db.insertInto("sso_second_factor").values(step).execute();
}

/** The account a live step is for (it stays until taken: a wrong code may be typed again). */
export async function findSsoSecondFactor(db: Db, ticketHash: string, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("sso_second_factor")
    .select("user_id")
    .where("ticket_hash", "=", ticketHash)
    .where("expires_ts", ">=", now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Takes a live step: true for the one request whose DELETE removed it, so a step signs in once. */
export async function takeSsoSecondFactor(db: Db, ticketHash: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom("sso_second_factor")
    .where("ticket_hash", "=", ticketHash)
    .where("expires_ts", ">=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
