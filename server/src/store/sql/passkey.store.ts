// An account's passkeys, and the challenges of WebAuthn ceremonies under way (single use, expiring).
import type { Selectable } from "kysely";
import type { Db } from "../db.js";
import type { UserPasskeyTable } from "../schema-sign-in.js";

export type PasskeyRow = Selectable<UserPasskeyTable>;

export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom("user_passkey").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("user_passkey")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom("user_passkey").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export function findOwnPasskey(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db.selectFrom("user_passkey").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

export function insertPasskey(db: Db, row: Omit<PasskeyRow, "id" | "last_used_ts">): Promise<PasskeyRow> {
  return db
    .insertInto("user_passkey")
    .values({ ...row, last_used_ts: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable("user_passkey").set({ name }).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("user_passkey").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteUserPasskeys(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("user_passkey").where("user_id", "=", userId).execute();
}

/**
 * Records a use: the authenticator's new counter, when the stored one is still `previous`. False when another
 * request used the passkey meanwhile (one statement, so two uses of one signature cannot both pass).
 */
export async function markPasskeyUsed(db: Db, id: number, previous: number, counter: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("user_passkey")
    .set({ counter, last_used_ts: now })
    .where("id", "=", id)
    .where("counter", "=", previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Saves a new challenge; expired ones are swept with it, so the table holds only ceremonies under way. */
export async function saveChallenge(
  db: Db,
  row: { id: string; challenge: string; user_id: number | null; expires_ts: number },
  now: number,
): Promise<void> {
  await db.deleteFrom("passkey_challenge").where("expires_ts", "<=", now).execute();
  await db.insertInto("passkey_challenge").values(row).execute();
}

/** Takes a challenge once: its row is deleted, and only the request that deleted it gets it (if not expired). */
export async function takeChallenge(db: Db, id: string, now: number): Promise<{ challenge: string; user_id: number | null } | undefined> {
  const row = await db.selectFrom("passkey_challenge").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom("passkey_challenge").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || Number(row.expires_ts) <= now) return undefined;
  return { challenge: row.challenge, user_id: row.user_id };
}
