// PostgreSQL: a connection lost while a transaction holds it, between two statements, fails that transaction and
// nothing else. pg emits the loss on the client, which the pool does not listen to while it is lent out; unheard,
// the error would end the server process (a database restart during an import's transaction).
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PG_ADMIN_DSN, TEST_DRIVER, type TestApp } from "../harness.js";
import { eventually } from "../webhook-receiver.js";

describe.runIf(TEST_DRIVER === "postgres")("a PostgreSQL connection lost inside a transaction", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("fails the transaction; the next statements get a new connection", async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
    await admin.connect();
    try {
      const transaction = t.ctx.store.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        const pid = rows[0]!.pid;
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        // Until the server has closed it: the client hears of it between statements, with no query to fail.
        await eventually(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount === 0);
        await new Promise((resolve) => setImmediate(resolve));
        await sql`SELECT 1`.execute(tx);
      });
      await expect(transaction).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.ctx.store.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
