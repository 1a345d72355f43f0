// Pins (/organizer), the display time option and server-side tag extraction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf, nowSeconds, setUserSetting } from "../memo-helpers.js";

describe("memos: pins, display time, tags", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `member${++seq}`);
  /** Sets both times directly, so tests can tell created from updated. */
  // Back-dates a memo as if it had been written and edited then (its creator shows created times).
  const setTimes = (id: number, created: number, updated: number) =>
    t.ctx.store.db
      .updateTable("memo")
      .set({ created_ts: created, updated_ts: updated, display_ts: created })
      .where("id", "=", id)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  describe("pin and unpin", () => {
    it("pins and unpins the creator's own memo; pinned memos list first", async () => {
      const owner = await member();
      const older = await createMemo(owner, "older");
      const newer = await createMemo(owner, "newer");
      await setTimes(older.id, nowSeconds() - 100, nowSeconds() - 100);
      expect(idsOf(await owner.client.get("/api/memo"))).toEqual([newer.id, older.id]);
      const pinned = await owner.client.post(`/api/memo/${older.id}/organizer`, { pinned: true });
      expect(pinned.status).toBe(200);
      expect(pinned.body.data).toMatchObject({ id: older.id, pinned: true });
      expect(idsOf(await owner.client.get("/api/memo"))).toEqual([older.id, newer.id]);
      expect((await owner.client.get(`/api/memo/${older.id}`)).body.data.pinned).toBe(true);
      const unpinned = await owner.client.post(`/api/memo/${older.id}/organizer`, { pinned: false });
      expect(unpinned.body.data.pinned).toBe(false);
      expect(idsOf(await owner.client.get("/api/memo"))).toEqual([newer.id, older.id]);
    });

    it("pinned reflects the creator's own pin, never a reader's", async () => {
      const owner = await member();
      const reader = await member();
      const memo = await createMemo(owner, "shared", "PUBLIC");
      const response = await reader.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      expect(response.status).toBe(200);
      expect(response.body.data.pinned).toBe(false);
      expect((await owner.client.get(`/api/memo/${memo.id}`)).body.data.pinned).toBe(false);
      expect((await reader.client.get(`/api/memo/${memo.id}`)).body.data.pinned).toBe(false);
      expect(idsOf(await owner.client.get("/api/memo", { query: { pinned: "true" } }))).toEqual([]);
      await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      await reader.client.post(`/api/memo/${memo.id}/organizer`, { pinned: false });
      expect((await anonymous(t).get(`/api/memo/${memo.id}`)).body.data.pinned).toBe(true);
    });

    it("validates the body and the id, and writes no orphan row for a missing memo", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "x");
      expectError(await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: "yes" }), 400);
      expectError(await owner.client.post(`/api/memo/${memo.id}/organizer`, {}), 400);
      expectError(await owner.client.post("/api/memo/abc/organizer", { pinned: true }), 400);
      expectError(await owner.client.post("/api/memo/424242/organizer", { pinned: true }), 404);
      expectError(await anonymous(t).post(`/api/memo/${memo.id}/organizer`, { pinned: true }), 401);
      const orphans = await t.ctx.store.db.selectFrom("memo_organizer").selectAll().where("memo_id", "=", 424242).execute();
      expect(orphans).toEqual([]);
    });
  });

  describe("display time", () => {
    it("memoDisplayTsOption=updated_ts shows and orders by updatedTs, for every viewer", async () => {
      const owner = await member();
      const viewer = await member();
      const base = nowSeconds() - 10_000;
      const a = await createMemo(owner, "a", "PUBLIC");
      const b = await createMemo(owner, "b", "PUBLIC");
      await setTimes(a.id, base + 100, base + 900); // created first, edited last
      await setTimes(b.id, base + 200, base + 300);
      const before = (await owner.client.get("/api/memo")).body.data;
      expect(before.map((memo: { id: number }) => memo.id)).toEqual([b.id, a.id]);
      expect(before.map((memo: { displayTs: number }) => memo.displayTs)).toEqual([base + 200, base + 100]);

      await setUserSetting(owner, "memoDisplayTsOption", "updated_ts");
      const after = (await viewer.client.get("/api/memo", { query: { creatorId: owner.user.id } })).body.data;
      expect(after.map((memo: { id: number }) => memo.id)).toEqual([a.id, b.id]);
      expect(after.map((memo: { displayTs: number }) => memo.displayTs)).toEqual([base + 900, base + 300]);
      expect((await anonymous(t).get(`/api/memo/${b.id}`)).body.data.displayTs).toBe(base + 300);
      expect((await anonymous(t).get("/api/memo/stats", { query: { creatorId: owner.user.id } })).body.data.sort()).toEqual([
        base + 300,
        base + 900,
      ]);
      // The viewer's own option plays no part.
      await setUserSetting(viewer, "memoDisplayTsOption", "created_ts");
      expect(
        idsOf(await viewer.client.get("/api/memo/all", { query: { limit: 1000 } })).filter((id) => id === a.id || id === b.id),
      ).toEqual([a.id, b.id]);
      // from/to follow the display time too.
      const window = { creatorId: owner.user.id, from: base + 800, to: base + 1000 };
      expect(idsOf(await viewer.client.get("/api/memo", { query: window }))).toEqual([a.id]);
      // The calendar's month: stats between from and to (to excluded), by the display time.
      expect(
        (await anonymous(t).get("/api/memo/stats", { query: { creatorId: owner.user.id, from: base, to: base + 900 } })).body.data,
      ).toEqual([base + 300]);
      expect(
        (await anonymous(t).get("/api/memo/stats", { query: { creatorId: owner.user.id, from: base + 300, to: base + 901 } })).body.data,
      ).toEqual([base + 900, base + 300]);
      expect((await anonymous(t).get("/api/memo/stats", { query: { creatorId: owner.user.id, from: 10, to: 5 } })).status).toBe(400);
    });

    it("tag lists follow the display time: of the option, of an edit, of a tag added later", async () => {
      const owner = await member();
      const base = nowSeconds() - 10_000;
      const a = await createMemo(owner, "a #trip", "PUBLIC");
      const b = await createMemo(owner, "b #trip/day1", "PUBLIC");
      const c = await createMemo(owner, "c untagged", "PUBLIC");
      await setTimes(a.id, base + 100, base + 900);
      await setTimes(b.id, base + 200, base + 300);
      await setTimes(c.id, base + 150, base + 150);
      const tagged = async (tag: string) => ({
        own: idsOf(await owner.client.get("/api/memo", { query: { tag } })),
        explore: idsOf(await anonymous(t).get("/api/memo/all", { query: { tag, limit: 1000 } })),
      });
      expect(await tagged("trip")).toEqual({ own: [b.id, a.id], explore: [b.id, a.id] });

      await setUserSetting(owner, "memoDisplayTsOption", "updated_ts");
      expect(await tagged("trip")).toEqual({ own: [a.id, b.id], explore: [a.id, b.id] });
      // An edit under "updated time" moves the memo to the top of its tags' lists.
      expect((await owner.client.patch(`/api/memo/${b.id}`, { content: "b #trip/day1 edited" })).status).toBe(200);
      expect(await tagged("trip")).toEqual({ own: [b.id, a.id], explore: [b.id, a.id] });
      expect(await tagged("trip/day1")).toEqual({ own: [b.id], explore: [b.id] });
      // A tag given later: the memo's entry has its display time from the start.
      expect((await owner.client.patch(`/api/memo/${c.id}`, { content: "c #trip now" })).status).toBe(200);
      expect(await tagged("trip")).toEqual({ own: [c.id, b.id, a.id], explore: [c.id, b.id, a.id] });

      await setUserSetting(owner, "memoDisplayTsOption", "created_ts");
      const created = (id: number) => t.ctx.store.db.selectFrom("memo").select("created_ts").where("id", "=", id).executeTakeFirstOrThrow();
      expect(Number((await created(c.id)).created_ts)).toBe(base + 150);
      expect(await tagged("trip")).toEqual({ own: [b.id, c.id, a.id], explore: [b.id, c.id, a.id] });
      // Every entry holds its memo's display time.
      const entries = await t.ctx.store.db
        .selectFrom("memo_tag as t")
        .innerJoin("memo as m", "m.id", "t.memo_id")
        .select(["t.display_ts as entry", "m.display_ts as memo", "t.creator_id as entryCreator", "m.creator_id as memoCreator"])
        .where("m.creator_id", "=", owner.user.id)
        .execute();
      expect(entries).toHaveLength(3);
      for (const entry of entries) expect([Number(entry.entry), entry.entryCreator]).toEqual([Number(entry.memo), entry.memoCreator]);
    });
  });

  describe("tags", () => {
    it("extracts tags server-side on create and update, outside code and links", async () => {
      const owner = await member();
      const content = [
        "#alpha and #alpha/beta #deep/er/est",
        "inline `#incode` and fenced:",
        "```",
        "#fenced",
        "```",
        "[link](https://example.com/#anchor) https://example.com/x#frag",
        "trailing #punct!",
      ].join("\n");
      await createMemo(owner, content);
      const tags = (await owner.client.get("/api/tag")).body.data as string[];
      expect([...tags].sort()).toEqual(["alpha", "alpha/beta", "deep/er/est", "punct!"]);
    });

    it("tag=a matches #a and #a/b but not #ab; tags in code are not tags", async () => {
      const owner = await member();
      const exact = await createMemo(owner, "#a exact");
      const child = await createMemo(owner, "child #a/b");
      const grandchild = await createMemo(owner, "#a/b/c");
      await createMemo(owner, "prefix #ab");
      await createMemo(owner, "code `#a`");
      await createMemo(owner, "```\n#a\n```");
      await createMemo(owner, "upper #A");
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "a" } })).sort()).toEqual(
        [exact.id, child.id, grandchild.id].sort(),
      );
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "a/b" } })).sort()).toEqual([child.id, grandchild.id].sort());
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "a/" } }))).toEqual([]);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "%" } }))).toEqual([]);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "_" } }))).toEqual([]);
    });

    it("re-extracts on update: a removed tag stops matching", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "#todo write tests");
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "todo" } }))).toEqual([memo.id]);
      await owner.client.patch(`/api/memo/${memo.id}`, { content: "#done write tests" });
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "todo" } }))).toEqual([]);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "done" } }))).toEqual([memo.id]);
      // A patch that leaves the content alone keeps the tags.
      await owner.client.patch(`/api/memo/${memo.id}`, { visibility: "PUBLIC" });
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "done" } }))).toEqual([memo.id]);
    });
  });
});
