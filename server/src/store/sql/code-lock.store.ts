// Wrong two-factor codes of each account, whatever the address (one row each), and the lock they lead to: until when
// the account's app codes are refused (migration 043). Counted through idx_two_factor_failure_user; pruned through
// idx_two_factor_failure_created.
import type { Db } from "../db.js";

export async function insertCodeFailure(db: Db, userId: number, ts: number): Promise<void> {
  await db.insertInto("two_factor_failure").values({ user_id: userId, created_ts: ts }).execute();
}

/** The account's wrong codes after `sinceTs` (idx_two_factor_failure_user). */
export const accountCodeFailuresQuery = (db: Db, userId: number, sinceTs: number) =>
  db
    .selectFrom("two_factor_failure")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("created_ts", ">", sinceTs);

export async function countCodeFailures(db: Db, userId: number, sinceTs: number): Promise<number> {
  const row = await accountCodeFailuresQuery(db, userId, sinceTs).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every account's wrong codes at or before `beforeTs` (idx_two_factor_failure_created): they count no more. */
export const oldCodeFailuresQuery = (db: Db, beforeTs: number) => db.deleteFrom("two_factor_failure").where("created_ts", "<=", beforeTs);

export async function pruneCodeFailures(db: Db, beforeTs: number): Promise<void> {
  await oldCodeFailuresQuery(db, beforeTs).execute();
}

/** Until when the account's app codes are refused, if it was ever locked (the time may have passed). */
export async function findCodeLockUntil(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom("two_factor_lock").select("until_ts").where("user_id", "=", userId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.until_ts);
}

/**
 * Locks the account's app codes until `untilTs`, unless a lock still runs at `now`: true when this call locked them.
 * One statement, so of two processes reaching the limit at once only one starts the lock (and tells the owner).
 */
export async function startCodeLock(db: Db, userId: number, untilTs: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto("two_factor_lock")
    .values({ user_id: userId, until_ts: untilTs })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ until_ts: untilTs }).where("two_factor_lock.until_ts", "<=", now))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}
