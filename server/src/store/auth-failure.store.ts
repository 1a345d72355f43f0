// Failed sign-in attempts, counted per key (a username or a client address) within a window.
import type { Db } from "./db.js";

export async function countRecentFailures(db: Db, keys: string[], sinceTs: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("auth_failure")
    .select(["key", (eb) => eb.fn.countAll<number>().as("n")])
    .where("key", "in", keys)
    .where("created_ts", ">", sinceTs)
    .groupBy("key")
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

export async function recordFailures(db: Db, keys: string[], ts: number): Promise<void> {
  await db.insertInto("auth_failure").values(keys.map((key) => ({ key, created_ts: ts }))).execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_failure").where("key", "=", key).execute();
}

export async function pruneFailures(db: Db, beforeTs: number): Promise<void> {
  await db.deleteFrom("auth_failure").where("created_ts", "<=", beforeTs).execute();
}
