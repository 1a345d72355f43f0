// The live event log's statements walk its primary key, at any size: a stream's return (the id looked up, the events
// after it), the hub's read of what is new, and the trim (the oldest young row found from the oldest end, the older
// ones deleted by range). Plans, not wall-clock time; and the trim keeps the newest rows and never the last one.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  firstLiveEventSinceQuery,
  lastLiveEventId,
  liveEventQuery,
  liveEventsAfterQuery,
  liveEventsBeforeQuery,
  trimLiveEvents,
} from "../../src/store/sql/live-event.store.js";
import { createTestApp, type TestApp } from "../harness.js";
import { explainPlan } from "./explain.js";

const ROWS = 20_000;

describe("the live event log", () => {
  let t: TestApp;
  const planOf = (query: { compile(): Parameters<typeof explainPlan>[1] }) => explainPlan(t.ctx.store, query.compile());
  /** Read through the primary key: no scan of the table in another order, no sort. */
  const expectPrimaryKey = (plan: string) => {
    if (t.ctx.store.engine === "postgres") {
      expect(plan).toContain("live_event_pkey");
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    } else {
      expect(plan).toMatch(/SEARCH live_event USING INTEGER PRIMARY KEY|SCAN live_event$/m);
      expect(plan).not.toContain("TEMP B-TREE");
    }
  };

  beforeAll(async () => {
    // A database of its own: the planner reads the table's size.
    t = await createTestApp({ freshDatabase: true });
    const body = JSON.stringify({ type: "inbox.created", userId: 1 });
    for (let start = 0; start < ROWS; start += 1_000) {
      await t.ctx.store.db
        .insertInto("live_event")
        .values(Array.from({ length: 1_000 }, (_, k) => ({ created_ms: 1_000_000 + start + k, body })))
        .execute();
    }
    if (t.ctx.store.engine === "postgres") await sql`ANALYZE live_event`.execute(t.ctx.store.db);
  });
  afterAll(() => t.close());

  it("reads a return's id, the events after it and the oldest young one through the primary key", async () => {
    expectPrimaryKey(await planOf(liveEventQuery(t.ctx.store.db, 15_000)));
    expectPrimaryKey(await planOf(liveEventsAfterQuery(t.ctx.store.db, 15_000, 501)));
    expectPrimaryKey(await planOf(firstLiveEventSinceQuery(t.ctx.store.db, 1_019_000)));
    // A trim removes the few oldest rows appended since the last one (every 50th append).
    const trim = await planOf(liveEventsBeforeQuery(t.ctx.store.db, 100));
    if (t.ctx.store.engine === "postgres") expect(trim).toContain("live_event_pkey");
    else expect(trim).toMatch(/SEARCH live_event USING INTEGER PRIMARY KEY \(rowid<\?\)/);
  });

  it("trims to the newest rows and the young ones, keeping the last", async () => {
    const last = await lastLiveEventId(t.ctx.store.db);
    expect(last).toBe(ROWS);
    // Keep 1,000 by count; the age cut (everything is older) would take all but the last.
    await trimLiveEvents(t.ctx.store.db, last, 1_000, 1_000_000 + ROWS - 500);
    const ids = (await t.ctx.store.db.selectFrom("live_event").select("id").orderBy("id").execute()).map((row) => Number(row.id));
    expect(ids[0]).toBe(ROWS - 499);
    expect(ids.at(-1)).toBe(ROWS);
    // Everything too old: the newest row stays, so a client holding its id comes back without a reset.
    await trimLiveEvents(t.ctx.store.db, last, 1_000, Number.MAX_SAFE_INTEGER);
    expect((await t.ctx.store.db.selectFrom("live_event").select("id").execute()).map((row) => Number(row.id))).toEqual([ROWS]);
  });
});
