// v0's heat map without `from` (`GET /api/memo/stats?creatorId=N`): the answer's exact bytes (v0's JSON: display
// times, newest created first, ties by id), scoped by who asks, and kept per data version even when a large account
// makes it hundreds of kilobytes: asked for again it costs no query, and a write makes the next answer fresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { installQueryCounter } from "../query-counter.js";

const MEMOS = 30_000;
const BASE = 1_600_000_000;

describe("GET /api/memo/stats without from", () => {
  let t: TestApp;
  let host: TestUser;
  let member: TestUser;
  /** The memos as inserted: created and display times, visibility. */
  const rows: Array<{ id: number; created: number; display: number; visibility: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    const visibilities = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;
    for (let offset = 0; offset < MEMOS; offset += 1000) {
      const batch = Array.from({ length: 1000 }, (_, i) => {
        const n = offset + i;
        // Ties of created time (every 5 memos share one); display times that differ from the created ones.
        const created = BASE + Math.floor(n / 5) * 60;
        return {
          creator_id: host.user.id,
          content: `memo ${n}`,
          visibility: visibilities[n % 3]!,
          row_status: n % 40 === 0 ? ("ARCHIVED" as const) : ("NORMAL" as const),
          created_ts: created,
          updated_ts: created,
          display_ts: created + (n % 7) * 3600,
        };
      });
      const inserted = await t.ctx.store.db
        .insertInto("memo")
        .values(batch)
        .returning(["id", "created_ts", "display_ts", "visibility", "row_status"])
        .execute();
      for (const row of inserted) {
        if (row.row_status === "NORMAL")
          rows.push({ id: row.id, created: Number(row.created_ts), display: Number(row.display_ts), visibility: row.visibility });
      }
    }
    // SQLite merges the full-text index after writes, from another connection: its commits are writes too.
    await t.ctx.store.settled();
  }, 120_000);
  afterAll(() => t.close());

  const expected = (visible: string[]) =>
    `{"data":[${rows
      .filter((row) => visible.includes(row.visibility))
      .sort((x, y) => y.created - x.created || y.id - x.id)
      .map((row) => row.display)
      .join(",")}]}`;

  it("answers v0's bytes: every display time, newest created first (ties: newest id first), scoped by who asks", async () => {
    const own = await host.client.get("/api/memo/stats", { query: { creatorId: host.user.id } });
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(own.text).toBe(expected(["PUBLIC", "PROTECTED", "PRIVATE"]));
    expect(own.text.length).toBeGreaterThan(256 * 1024);
    expect((await member.client.get("/api/memo/stats", { query: { creatorId: host.user.id } })).text).toBe(
      expected(["PUBLIC", "PROTECTED"]),
    );
    expect((await anonymous(t).get("/api/memo/stats", { query: { creatorId: host.user.id } })).text).toBe(expected(["PUBLIC"]));
    expect((await member.client.get("/api/memo/stats", { query: { creatorId: member.user.id } })).text).toBe(`{"data":[]}`);
  });

  it("is kept per data version: asked for again it costs no query; after a write it is fresh", async () => {
    const ask = (creatorId = host.user.id) => host.client.get("/api/memo/stats", { query: { creatorId } });
    const first = await ask();
    await ask(member.user.id);
    const counter = installQueryCounter(t);
    try {
      // What a kept answer costs: the session's look-ups alone (a small answer, kept by any measure).
      await ask(member.user.id);
      const signedIn = counter.count;
      counter.reset();
      const again = await ask();
      expect(again.text).toBe(first.text);
      expect(counter.count).toBe(signedIn);
    } finally {
      counter.uninstall();
    }
    const memo = await createMemo(host, "one more");
    const fresh = await ask();
    expect(fresh.text).toBe(`{"data":[${memo.displayTs},${first.text.slice('{"data":['.length)}`);
  });
});
