// The MCP endpoint's per-token buckets in the database, on each engine: a burst of perMinute, then one request per
// 60/perMinute seconds; tokens apart; a clock behind the row's adds nothing; two server processes (two store handles,
// separate connections) draw from one bucket; idle buckets are dropped as full.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/store/db.js";
import { openStore } from "../../src/store/open.js";
import { pruneMcpRates, takeMcpRequest } from "../../src/store/sql/mcp-rate.store.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
let other: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  other = (await openStore({ driver: t.ctx.config.driver, dsn: t.ctx.config.dsn, sqliteReaders: 0 })).store;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const take = (tokenId: number, perMinute: number, nowMs: number, store: DatabaseHandle = t.ctx.store) =>
  takeMcpRequest(store.db, store.engine, tokenId, perMinute, nowMs);

/** The seconds the endpoint tells a refused caller to wait (mcp/token-rate.ts). */
const waitOf = (tokens: number, perMinute: number) => Math.ceil((1 - tokens) / (perMinute / 60_000) / 1000);

describe("MCP request buckets", () => {
  it("allows a burst of perMinute, then one request per 60/perMinute seconds, per token", async () => {
    let now = 1_000_000;
    for (let i = 0; i < 6; i++) expect((await take(1, 6, now)).allowed).toBe(true);
    const refused = await take(1, 6, now);
    expect([refused.allowed, waitOf(refused.tokens, 6)]).toEqual([false, 10]);
    expect((await take(2, 6, now)).allowed).toBe(true);
    now += 9_000;
    const early = await take(1, 6, now);
    expect([early.allowed, waitOf(early.tokens, 6)]).toEqual([false, 1]);
    now += 1_000;
    expect((await take(1, 6, now)).allowed).toBe(true);
    expect((await take(1, 6, now)).allowed).toBe(false);
    // A long idle time fills the bucket again, never above perMinute.
    now += 600_000;
    for (let i = 0; i < 6; i++) expect((await take(1, 6, now)).allowed).toBe(true);
    expect((await take(1, 6, now)).allowed).toBe(false);
  });

  it("adds nothing for a clock behind the row's, and keeps the row's time", async () => {
    const now = 5_000_000;
    for (let i = 0; i < 3; i++) expect((await take(3, 3, now)).allowed).toBe(true);
    expect((await take(3, 3, now - 60_000)).allowed).toBe(false);
    // 20 s after the row's time (not after the clock that was behind): one request back.
    expect((await take(3, 3, now + 20_000)).allowed).toBe(true);
    expect((await take(3, 3, now + 20_000)).allowed).toBe(false);
  });

  it("is one bucket for two server processes taking at once", async () => {
    const now = 9_000_000;
    const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => take(4, 8, now, i % 2 === 0 ? t.ctx.store : other)));
    expect(takes.filter((result) => result.allowed)).toHaveLength(8);
  });

  it("drops the buckets idle for a minute, which are full again", async () => {
    const now = 20_000_000;
    for (let i = 0; i < 2; i++) await take(5, 2, now);
    await take(6, 2, now + 50_000);
    await pruneMcpRates(t.ctx.store.db, now + 61_000);
    const rows = await t.ctx.store.db.selectFrom("mcp_rate").select("token_id").where("token_id", "in", [5, 6]).execute();
    expect(rows.map((row) => row.token_id)).toEqual([6]);
    expect((await take(5, 2, now + 61_000)).allowed).toBe(true);
  });
});
