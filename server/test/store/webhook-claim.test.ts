// Several server processes on one database: each claims due deliveries with a lease, and no delivery is claimed by
// two of them. Two store handles (separate connections, as two processes would have) claim at the same time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/store/db.js";
import { openStore } from "../../src/store/open.js";
import { claimDueDeliveries, insertDeliveries, insertWebhook, recordAttempt } from "../../src/store/sql/webhook.store.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("claiming webhook deliveries", () => {
  let t: TestApp;
  let other: DatabaseHandle;
  let webhookId: number;

  beforeAll(async () => {
    t = await createTestApp();
    // Stop this app's own dispatcher: the test claims by hand.
    await t.app.close();
    other = (await openStore({ driver: t.ctx.config.driver, dsn: t.ctx.config.dsn, sqliteReaders: 0 })).store;
    webhookId = (await insertWebhook(t.ctx.store.db, { user_id: 1, name: "w", url: "http://example.com", secret: "s", events: "[]" })).id;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("hands each due delivery to one claimant only", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      webhook_id: webhookId,
      event: "memo.created",
      payload: "{}",
      ordering_key: `memo:${i}`,
    }));
    await insertDeliveries(t.ctx.store.db, rows);
    const now = Date.now() + 1;
    const claims = await Promise.all(
      [t.ctx.store, other, t.ctx.store, other].map((store) => claimDueDeliveries(store.db, store.engine, now, 60_000, 15)),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
    // Leased: nobody claims them again until the lease runs out.
    expect(await claimDueDeliveries(other.db, other.engine, now + 1000, 60_000, 50)).toEqual([]);
    expect((await claimDueDeliveries(other.db, other.engine, now + 61_000, 60_000, 50)).length).toBe(40);
  });

  it("claims only the oldest pending delivery of a memo", async () => {
    await t.ctx.store.db.deleteFrom("webhook_delivery").execute();
    const [first, second] = await insertDeliveries(t.ctx.store.db, [
      { webhook_id: webhookId, event: "memo.created", payload: "{}", ordering_key: "memo:1" },
      { webhook_id: webhookId, event: "memo.updated", payload: "{}", ordering_key: "memo:1" },
    ]);
    const now = Date.now() + 1;
    expect((await claimDueDeliveries(t.ctx.store.db, t.ctx.store.engine, now, 1000, 10)).map((row) => row.id)).toEqual([first!.id]);
    // While the first waits for a retry, the second still waits behind it.
    await recordAttempt(t.ctx.store.db, first!.id, {
      status: "pending",
      next_attempt_ms: now + 5000,
      response_status: 500,
      response_snippet: "",
      duration_ms: 1,
      error: null,
    });
    expect(await claimDueDeliveries(t.ctx.store.db, t.ctx.store.engine, now + 10, 1000, 10)).toEqual([]);
    await recordAttempt(t.ctx.store.db, first!.id, {
      status: "succeeded",
      next_attempt_ms: null,
      response_status: 200,
      response_snippet: "",
      duration_ms: 1,
      error: null,
    });
    expect((await claimDueDeliveries(t.ctx.store.db, t.ctx.store.engine, now + 10, 1000, 10)).map((row) => row.id)).toEqual([second!.id]);
  });
});
