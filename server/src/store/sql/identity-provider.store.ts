// Single sign-on: the host's identity providers, the accounts linked to them, and the flows under way.
import type { Db } from "../db.js";
import type { IdentityProviderRow, NewIdentityProvider, OidcFlowRow, UserIdentityRow } from "../schema-sign-in.js";
import { nowSeconds } from "../time.js";

export function listIdentityProviders(db: Db): Promise<IdentityProviderRow[]> {
  return db.selectFrom("identity_provider").selectAll().orderBy("id").execute();
}

export function listEnabledProviderNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("identity_provider").select(["id", "name"]).where("enabled", "=", 1).orderBy("id").execute();
}

export function findIdentityProvider(db: Db, id: number): Promise<IdentityProviderRow | undefined> {
  return db.selectFrom("identity_provider").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertIdentityProvider(db: Db, provider: NewIdentityProvider): Promise<IdentityProviderRow> {
  return db.insertInto("identity_provider").values(provider).returningAll().executeTakeFirstOrThrow();
}

export type IdentityProviderUpdate = Partial<Omit<IdentityProviderRow, "id" | "created_ts">>;

export function updateIdentityProvider(db: Db, id: number, update: IdentityProviderUpdate): Promise<IdentityProviderRow | undefined> {
  return db
    .updateTable("identity_provider")
    .set({ ...update, updated_ts: nowSeconds() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** The provider, its links and its flows. Run inside a transaction. */
export async function deleteIdentityProvider(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom("user_identity").where("provider_id", "=", id).execute();
  await db.deleteFrom("oidc_flow").where("provider_id", "=", id).execute();
  const result = await db.deleteFrom("identity_provider").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findIdentityBySubject(db: Db, providerId: number, subject: string): Promise<UserIdentityRow | undefined> {
  return db.selectFrom("user_identity").selectAll().where("provider_id", "=", providerId).where("subject", "=", subject).executeTakeFirst();
}

export function insertUserIdentity(db: Db, identity: { user_id: number; provider_id: number; subject: string }): Promise<UserIdentityRow> {
  const now = nowSeconds();
  return db
    .insertInto("user_identity")
    .values({ ...identity, created_ts: now, last_used_ts: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function touchUserIdentity(db: Db, id: number): Promise<void> {
  await db.updateTable("user_identity").set({ last_used_ts: nowSeconds() }).where("id", "=", id).execute();
}

/** A user's links with their providers' names, oldest first. */
export function listIdentitiesOfUser(db: Db, userId: number) {
  return db
    .selectFrom("user_identity")
    .innerJoin("identity_provider", "identity_provider.id", "user_identity.provider_id")
    .select([
      "user_identity.id",
      "user_identity.provider_id",
      "identity_provider.name as provider_name",
      "user_identity.subject",
      "user_identity.created_ts",
      "user_identity.last_used_ts",
    ])
    .where("user_identity.user_id", "=", userId)
    .orderBy("user_identity.id")
    .execute();
}

export async function deleteUserIdentity(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("user_identity").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The flows expired at `now` (idx_oidc_flow_expires). */
export const expiredOidcFlowsQuery = (db: Db, now: number) => db.deleteFrom("oidc_flow").where("expires_ts", "<", now);

/** Adds a flow; flows left unfinished go once expired, so the table holds at most ten minutes of starts. */
export async function insertOidcFlow(db: Db, flow: OidcFlowRow): Promise<void> {
  await expiredOidcFlowsQuery(db, nowSeconds()).execute();
  await db.insertInto("oidc_flow").values(flow).execute();
}

/** Flows started from one client address (its key) and neither finished nor expired at `now`: idx_oidc_flow_address. */
export const openOidcFlowsQuery = (db: Db, addressKey: string, now: number) =>
  db
    .selectFrom("oidc_flow")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("address_key", "=", addressKey)
    .where("expires_ts", ">=", now);

export async function countOpenOidcFlows(db: Db, addressKey: string, now: number): Promise<number> {
  const row = await openOidcFlowsQuery(db, addressKey, now).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Takes a flow by its state's hash: deleted as it is read, so a state serves once even when two callbacks race
 * (the one whose DELETE removes the row gets it). An expired flow is not taken.
 */
export async function takeOidcFlow(db: Db, stateHash: string): Promise<OidcFlowRow | undefined> {
  return db
    .deleteFrom("oidc_flow")
    .where("state_hash", "=", stateHash)
    .where("expires_ts", ">=", nowSeconds())
    .returningAll()
    .executeTakeFirst();
}
