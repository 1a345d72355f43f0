// An account's TOTP secret, its recovery codes, and the sessions marked to set up 2FA first.
import type { Db } from "../db.js";
import type { UserTotpTable } from "../schema-sign-in.js";
import type { Selectable } from "kysely";

export type UserTotpRow = Selectable<UserTotpTable>;

export function findTotp(db: Db, userId: number): Promise<UserTotpRow | undefined> {
  return db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** A new secret waiting for its first code (replacing a pending one). */
export async function savePendingTotp(db: Db, userId: number, secret: string, now: number): Promise<void> {
  await db.deleteFrom("user_totp").where("user_id", "=", userId).execute();
  await db.insertInto("user_totp").values({ user_id: userId, secret, enabled_ts: null, last_step: 0, created_ts: now }).execute();
}

/** Turns a pending secret on: false when it was on already (another request turned it on meanwhile). */
export async function markTotpEnabled(db: Db, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("user_totp")
    .set({ enabled_ts: now })
    .where("user_id", "=", userId)
    .where("enabled_ts", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes time step `step` for the account's codes: true when it is later than the last accepted one. One statement,
 * so two requests with the same code cannot both succeed.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where("last_step", "<", step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("user_totp").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_recovery_code").where("user_id", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom("user_recovery_code").where("user_id", "=", userId).execute();
  await db
    .insertInto("user_recovery_code")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_ts: now })))
    .execute();
}

/** Uses up a recovery code: true when it was one of the account's (and now is not). */
export async function consumeRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db.deleteFrom("user_recovery_code").where("user_id", "=", userId).where("code_hash", "=", hash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("user_recovery_code")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The session may act again once its account has 2FA. */
export async function clearSessionPending(db: Db, sessionId: string): Promise<void> {
  await db.updateTable("session").set({ two_factor_pending: 0 }).where("id", "=", sessionId).execute();
}
