// Failed sign-in attempts: one row per failure with its account key and client-address key (both short
// hashes, made by auth/rate-limit.ts). Counted within a window; rows older than the window are pruned.
import type { Db } from "../db.js";

export interface FailureKeys {
  account: string;
  address: string;
}

/** Which failures a count looks at: one account, one address, or one (account, address) pair. */
export type FailureScope = { account: string; address?: string } | { account?: string; address: string };

function scoped(db: Db, scope: FailureScope, sinceTs: number) {
  let query = db.selectFrom("auth_failure").where("created_ts", ">", sinceTs);
  if (scope.account !== undefined) query = query.where("account_key", "=", scope.account);
  if (scope.address !== undefined) query = query.where("address_key", "=", scope.address);
  return query;
}

export async function countFailures(db: Db, scope: FailureScope, sinceTs: number): Promise<number> {
  const row = await scoped(db, scope, sinceTs)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The time of the failure that has `skip` failures before it (0: the oldest) in the scope, if any. */
export async function nthFailureTs(db: Db, scope: FailureScope, sinceTs: number, skip: number): Promise<number | undefined> {
  const row = await scoped(db, scope, sinceTs)
    .select("created_ts")
    .orderBy("created_ts")
    .orderBy("id")
    .limit(1)
    .offset(skip)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_ts);
}

export async function recordFailure(db: Db, keys: FailureKeys, ts: number): Promise<void> {
  await db.insertInto("auth_failure").values({ account_key: keys.account, address_key: keys.address, created_ts: ts }).execute();
}

export async function clearPairFailures(db: Db, keys: FailureKeys): Promise<void> {
  await db.deleteFrom("auth_failure").where("account_key", "=", keys.account).where("address_key", "=", keys.address).execute();
}

export async function pruneFailures(db: Db, beforeTs: number): Promise<void> {
  await db.deleteFrom("auth_failure").where("created_ts", "<=", beforeTs).execute();
}
