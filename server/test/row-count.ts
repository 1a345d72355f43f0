// How many rows a table of a test app's database holds: for tests that check a request left nothing behind (or made
// what it should).
import type { Database } from "../src/store/schema.js";
import type { TestApp } from "./harness.js";

export async function rowCount(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.ctx.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
