// Query plans of the trash with its recorded purges (migration 044): a trash's page and count read its creator's
// index range above the bound the purges and the retention set; the purges covering a trash are two index lookups;
// a purge's batch reads its creator's range, the expiry's the trashed-time index. No scan of either table, whatever
// their size. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTrashQuery, listTrashQuery } from "../../src/store/sql/memo/trash.store.js";
import { coveredIdsQuery, purgeBoundariesQuery } from "../../src/store/sql/memo/trash-purge.store.js";
import { createTestApp, type TestApp } from "../harness.js";
import { explainPlan } from "./explain.js";

const TRASHED = 20_000;
const CREATORS = 200;
const PURGES = 2_000;
const NOW = 2_000_000_000;

describe("query plans of the trash and its recorded purges", () => {
  let t: TestApp;
  const explain = (query: CompiledQuery) => explainPlan(t.ctx.store, query);
  /** A plan reads `table` only through `index`. */
  const expectThrough = (plan: string, table: string, index: string) => {
    expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}|SCAN ${table}(?! USING)`));
  };

  beforeAll(async () => {
    // A database of its own: the planner reads these tables' sizes.
    t = await createTestApp({ freshDatabase: true });
    const db = t.ctx.store.db;
    for (let start = 0; start < TRASHED; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const ts = NOW - i * 60;
        return {
          memo_id: i + 1,
          creator_id: (i % CREATORS) + 1,
          trashed_ts: ts,
          created_ts: ts,
          updated_ts: ts,
          display_ts: ts,
          row_status: "NORMAL" as const,
          content: `trashed ${i}`,
          visibility: "PRIVATE" as const,
        };
      });
      await db.insertInto("memo_trash").values(rows).execute();
    }
    // Emptied trashes of many creators waiting for the sweeper, and an expiry.
    const purges = Array.from({ length: PURGES }, (_, i) => ({
      creator_id: i === 0 ? null : (i % (10 * CREATORS)) + 1,
      through_ts: NOW - i,
      requested_ts: NOW,
    }));
    for (let start = 0; start < PURGES; start += 500)
      await db
        .insertInto("trash_purge")
        .values(purges.slice(start, start + 500))
        .execute();
    await db.executeQuery(CompiledQuery.raw(t.ctx.store.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE"));
  }, 120_000);
  afterAll(() => t?.close());

  it("a trash's page and its count: the creator's index range above the bound", async () => {
    const db = t.ctx.store.db;
    const hidden = NOW - 30 * 86_400;
    for (const query of [
      listTrashQuery(db, 7, hidden, 21),
      listTrashQuery(db, 7, hidden, 21, { trashedTs: NOW - 3_600, memoId: 5_000 }),
      countTrashQuery(db, 7, hidden),
    ])
      expectThrough(await explain(query.compile()), "memo_trash", "idx_memo_trash_creator");
  });

  it("the purges covering a trash: its own and every trash's, each through idx_trash_purge_creator", async () => {
    expectThrough(await explain(purgeBoundariesQuery(t.ctx.store.db, 7).compile()), "trash_purge", "idx_trash_purge_creator");
  });

  it("a purge's batch: an emptied trash through its creator's range, the expiry through idx_memo_trash_trashed", async () => {
    const { db, engine } = t.ctx.store;
    const emptied = coveredIdsQuery(db, engine, { creator_id: 7, through_ts: NOW }, 500);
    expectThrough(await explain(emptied.compile()), "memo_trash", "idx_memo_trash_creator");
    // The oldest 300 memos of every trash past the retention (were most of them, reading the table in its order
    // would find a batch as soon).
    const expired = coveredIdsQuery(db, engine, { creator_id: null, through_ts: NOW - (TRASHED - 300) * 60 }, 500);
    expectThrough(await explain(expired.compile()), "memo_trash", "idx_memo_trash_trashed");
  });
});
