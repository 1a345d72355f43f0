// Several server processes on one PostgreSQL sweep the trash at once: each takes batches the others do not hold
// (FOR UPDATE SKIP LOCKED), so every memo is purged once, nothing fails, and the record goes when nothing is left.
// Two store handles (separate connections, as two processes would have) run the sweeper's round together.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../src/context.js";
import { sweepTrash } from "../../src/services/trash.service.js";
import type { DatabaseHandle } from "../../src/store/db.js";
import { openStore } from "../../src/store/open.js";
import { recordTrashPurge } from "../../src/store/sql/memo/trash-purge.store.js";
import { createTestApp, type TestApp } from "../harness.js";
import { nowSeconds } from "../memo-helpers.js";

const COUNT = 3_000;

describe.runIf(process.env.MEMOS_TEST_DRIVER === "postgres")("purging one trash from two processes", () => {
  let t: TestApp;
  let other: DatabaseHandle;

  beforeAll(async () => {
    t = await createTestApp();
    // Stop this app's own sweeper: the test sweeps by hand.
    await t.app.close();
    other = (await openStore({ driver: t.ctx.config.driver, dsn: t.ctx.config.dsn, sqliteReaders: 0 })).store;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("purges each memo once, without an error, and deletes the record", async () => {
    const db = t.ctx.store.db;
    const now = nowSeconds();
    for (let start = 0; start < COUNT; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => ({
        memo_id: start + k + 1,
        creator_id: 1,
        trashed_ts: now - start - k,
        created_ts: now,
        updated_ts: now,
        display_ts: now,
        row_status: "NORMAL" as const,
        content: "x",
        visibility: "PRIVATE" as const,
      }));
      await db.insertInto("memo_trash").values(rows).execute();
    }
    await recordTrashPurge(db, 1, now, now);
    const otherCtx: AppContext = { config: t.ctx.config, store: other };
    const purged = await Promise.all([sweepTrash(t.ctx), sweepTrash(otherCtx), sweepTrash(t.ctx), sweepTrash(otherCtx)]);
    // A memo two of them had both taken would count twice.
    expect(purged.reduce((sum, n) => sum + n, 0)).toBe(COUNT);
    expect(await db.selectFrom("memo_trash").select("memo_id").execute()).toEqual([]);
    expect(await db.selectFrom("trash_purge").selectAll().execute()).toEqual([]);
  });
});
