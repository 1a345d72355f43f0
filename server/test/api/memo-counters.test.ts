// The sidebar's numbers come from maintained counters (migration 009) and a windowed heat map: after every
// kind of write they equal what a naive count over the memos gives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import type { Client } from "../client.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("counters and the windowed heat map", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bob = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  /** memo_count and memo_tag_count, compared with GROUP BY over the memos themselves. */
  async function expectCountersMatchMemos() {
    const db = t.ctx.store.db;
    const memos = await db.selectFrom("memo").select(["id", "creator_id", "row_status", "visibility"]).execute();
    const expected = new Map<string, number>();
    for (const memo of memos) {
      const key = `${memo.creator_id}/${memo.row_status}/${memo.visibility}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const counted = new Map<string, number>();
    for (const row of await db.selectFrom("memo_count").selectAll().execute()) {
      if (Number(row.n) !== 0) counted.set(`${row.creator_id}/${row.row_status}/${row.visibility}`, Number(row.n));
    }
    expect(counted).toEqual(expected);

    const normal = new Map(memos.filter((memo) => memo.row_status === "NORMAL").map((memo) => [memo.id, memo.creator_id]));
    const expectedTags = new Map<string, number>();
    for (const row of await db.selectFrom("memo_tag").selectAll().execute()) {
      const creator = normal.get(row.memo_id);
      if (creator === undefined) continue;
      const key = `${creator}/${row.tag}`;
      expectedTags.set(key, (expectedTags.get(key) ?? 0) + 1);
    }
    const countedTags = new Map<string, number>();
    for (const row of await db.selectFrom("memo_tag_count").selectAll().execute()) {
      if (Number(row.n) !== 0) countedTags.set(`${row.creator_id}/${row.tag}`, Number(row.n));
    }
    expect(countedTags).toEqual(expectedTags);
  }

  /** /api/memo/amount for every caller, against the memos each may read (docs/api.md#memos--apimemo: NORMAL, readable). */
  async function expectAmounts() {
    const memos = await t.ctx.store.db.selectFrom("memo").select(["creator_id", "row_status", "visibility"]).execute();
    const callers: Array<[Client, number | null]> = [
      [alice.client, alice.user.id],
      [bob.client, bob.user.id],
      [anonymous(t), null],
    ];
    for (const [client, viewerId] of callers) {
      const readable = memos.filter(
        (memo) =>
          memo.row_status === "NORMAL" &&
          (memo.creator_id === viewerId || memo.visibility === "PUBLIC" || (memo.visibility === "PROTECTED" && viewerId !== null)),
      );
      expect((await client.get("/api/memo/amount")).body.data).toBe(readable.length);
      for (const owner of [alice, bob]) {
        const theirs = readable.filter((memo) => memo.creator_id === owner.user.id).length;
        expect((await client.get("/api/memo/amount", { query: { userId: owner.user.id } })).body.data).toBe(theirs);
      }
    }
  }

  async function expectAllCounts() {
    await expectCountersMatchMemos();
    await expectAmounts();
  }

  it("stay right through create, edit, visibility, archive, restore, pin, delete and a user's removal", async () => {
    await expectAllCounts();
    const a1 = await createMemo(alice, "#work #home one", "PUBLIC");
    const a2 = await createMemo(alice, "#work two", "PROTECTED");
    const a3 = await createMemo(alice, "three", "PRIVATE");
    const b1 = await createMemo(bob, "#bob public", "PUBLIC");
    await createMemo(bob, "#bob private", "PRIVATE");
    await expectAllCounts();

    await alice.client.patch(`/api/memo/${a1.id}`, { content: "#reading now", visibility: "PRIVATE" });
    await expectAllCounts();
    await alice.client.patch(`/api/memo/${a2.id}`, { rowStatus: "ARCHIVED" });
    await expectAllCounts();
    await alice.client.patch(`/api/memo/${a2.id}`, { rowStatus: "NORMAL", content: "#work/sub back" });
    await expectAllCounts();
    await alice.client.post(`/api/memo/${a3.id}/organizer`, { pinned: true });
    await bob.client.post(`/api/memo/${b1.id}/organizer`, { pinned: true });
    await expectAllCounts();
    await alice.client.patch(`/api/memo/${a2.id}`, { rowStatus: "ARCHIVED" });
    await alice.client.delete(`/api/memo/${a2.id}`);
    await alice.client.delete(`/api/memo/${a3.id}`);
    await expectAllCounts();

    const carol = await createUser(t, host, "carol");
    await createMemo(carol, "#carol gone soon", "PUBLIC");
    await expectAllCounts();
    expect((await host.client.delete(`/api/user/${carol.user.id}`)).status).toBe(200);
    await expectAllCounts();
  });

  it("stay right through the vacuum, which removes memos before their tags", async () => {
    await t.ctx.store.db.insertInto("memo").values({ creator_id: 9999, content: "#orphan", visibility: "PUBLIC" }).execute();
    const orphan = await t.ctx.store.db.selectFrom("memo").select("id").where("creator_id", "=", 9999).executeTakeFirstOrThrow();
    await t.ctx.store.db.insertInto("memo_tag").values({ memo_id: orphan.id, tag: "orphan" }).execute();
    await expectCountersMatchMemos();
    expect((await host.client.post("/api/system/vacuum")).status).toBe(200);
    await expectAllCounts();
  });

  it("tag suggestions are the tags of NORMAL memos not in the tag list", async () => {
    const dave = await createUser(t, host, "david");
    await createMemo(dave, "#zeta #alpha", "PRIVATE");
    const archived = await createMemo(dave, "#hidden", "PRIVATE");
    await dave.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    for (const name of ["zeta", "alpha", "hidden"]) await dave.client.delete(`/api/tag/${name}`);
    expect((await dave.client.get("/api/tag/suggestion")).body.data).toEqual(["alpha", "zeta"]);
    await dave.client.patch(`/api/memo/${archived.id}`, { rowStatus: "NORMAL" });
    expect((await dave.client.get("/api/tag/suggestion")).body.data).toEqual(["alpha", "hidden", "zeta"]);
    await dave.client.delete(`/api/memo/${archived.id}`);
    expect((await dave.client.get("/api/tag/suggestion")).body.data).toEqual(["alpha", "zeta"]);
    await expectCountersMatchMemos();
  });

  it("stats with from answers only the display times at or after it; without from, the v0 answer", async () => {
    const erin = await createUser(t, host, "erina");
    const times = [1_600_000_000, 1_650_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_100];
    for (const [i, ts] of times.entries()) {
      const memo = await createMemo(erin, `day ${i}`, i % 2 === 0 ? "PUBLIC" : "PRIVATE");
      await erin.client.patch(`/api/memo/${memo.id}`, { createdTs: ts });
    }
    const all = (await erin.client.get("/api/memo/stats", { query: { creatorId: erin.user.id } })).body.data as number[];
    expect([...all].sort()).toEqual([...times].sort());
    for (const from of [0, 1_650_000_000, 1_700_000_000, 1_700_000_001, 1_800_000_000]) {
      const window = (await erin.client.get("/api/memo/stats", { query: { creatorId: erin.user.id, from } })).body.data as number[];
      expect(window).toEqual(times.filter((ts) => ts >= from).sort((a, b) => b - a));
    }
    const visitor = (await anonymous(t).get("/api/memo/stats", { query: { creatorId: erin.user.id, from: 1_650_000_000 } })).body.data;
    expect(visitor).toEqual([1_700_000_100, 1_700_000_000]);
    for (const from of ["-1", "abc", "1.5"]) {
      const response = await erin.client.get("/api/memo/stats", { query: { creatorId: erin.user.id, from } });
      expectError(response, 400);
      expect(response.body.message).toMatch(/from/);
    }
  });
});
