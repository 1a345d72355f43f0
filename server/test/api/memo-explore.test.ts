// /api/memo/all (explore), /api/memo/stats, /api/memo/amount, and the fixed query count of a list.
import type { Visibility } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";
import { installQueryCounter } from "../query-counter.js";

/** One memo of each visibility and row status for `owner`, with distinct created times. */
async function seedMatrix(owner: TestUser, base: number) {
  const made: Record<string, number> = {};
  let step = 0;
  for (const visibility of ["PUBLIC", "PROTECTED", "PRIVATE"] as Visibility[]) {
    for (const rowStatus of ["NORMAL", "ARCHIVED"] as const) {
      const memo = await createMemo(owner, `${visibility} ${rowStatus}`, visibility, { createdTs: base + step++ * 60 });
      if (rowStatus === "ARCHIVED") await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus });
      made[`${visibility}:${rowStatus}`] = memo.id;
    }
  }
  return made;
}

describe("explore, stats and amount", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let a: Record<string, number>;
  let b: Record<string, number>;
  const base = 1_690_000_000;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bob = await createUser(t, host, "bobby");
    a = await seedMatrix(alice, base);
    b = await seedMatrix(bob, base + 30);
  });
  afterAll(() => t.close());

  describe("GET /api/memo/all", () => {
    it("shows visitors everyone's PUBLIC NORMAL memos, newest first", async () => {
      expect(idsOf(await anonymous(t).get("/api/memo/all"))).toEqual([b["PUBLIC:NORMAL"], a["PUBLIC:NORMAL"]]);
    });

    it("adds PROTECTED for members, own memos included, never PRIVATE or ARCHIVED", async () => {
      const expected = [b["PROTECTED:NORMAL"], a["PROTECTED:NORMAL"], b["PUBLIC:NORMAL"], a["PUBLIC:NORMAL"]];
      expect(idsOf(await alice.client.get("/api/memo/all"))).toEqual(expected);
      expect(idsOf(await host.client.get("/api/memo/all"))).toEqual(expected);
    });

    it("has no pinned-first ordering", async () => {
      await alice.client.post(`/api/memo/${a["PUBLIC:NORMAL"]}/organizer`, { pinned: true });
      try {
        expect(idsOf(await anonymous(t).get("/api/memo/all"))).toEqual([b["PUBLIC:NORMAL"], a["PUBLIC:NORMAL"]]);
        expect(idsOf(await anonymous(t).get("/api/memo/all", { query: { pinned: "true" } }))).toEqual([a["PUBLIC:NORMAL"]]);
      } finally {
        await alice.client.post(`/api/memo/${a["PUBLIC:NORMAL"]}/organizer`, { pinned: false });
      }
    });

    it("narrows by visibility and creatorId, never widening", async () => {
      expect(idsOf(await anonymous(t).get("/api/memo/all", { query: { visibility: "PRIVATE" } }))).toEqual([]);
      expect(idsOf(await anonymous(t).get("/api/memo/all", { query: { visibility: "PROTECTED,PRIVATE" } }))).toEqual([]);
      expect(idsOf(await alice.client.get("/api/memo/all", { query: { visibility: "PRIVATE" } }))).toEqual([]);
      expect(idsOf(await bob.client.get("/api/memo/all", { query: { visibility: "PROTECTED" } }))).toEqual([
        b["PROTECTED:NORMAL"],
        a["PROTECTED:NORMAL"],
      ]);
      expect(idsOf(await bob.client.get("/api/memo/all", { query: { creatorId: alice.user.id } }))).toEqual([
        a["PROTECTED:NORMAL"],
        a["PUBLIC:NORMAL"],
      ]);
    });

    it("refuses a row status other than NORMAL instead of ignoring it", async () => {
      for (const client of [anonymous(t), alice.client]) {
        const archived = await client.get("/api/memo/all", { query: { rowStatus: "ARCHIVED" } });
        expectError(archived, 400);
        expect(archived.body.message).toContain("rowStatus");
      }
      expect(idsOf(await anonymous(t).get("/api/memo/all", { query: { rowStatus: "NORMAL" } }))).toEqual(
        idsOf(await anonymous(t).get("/api/memo/all")),
      );
    });

    it("pages with limit and offset", async () => {
      const all = idsOf(await bob.client.get("/api/memo/all"));
      const pages = [0, 1, 2, 3, 4].map((offset) => bob.client.get("/api/memo/all", { query: { limit: 1, offset } }));
      expect((await Promise.all(pages)).flatMap(idsOf)).toEqual(all);
    });
  });

  describe("GET /api/memo/stats", () => {
    const stats = async (who: TestUser | null, creatorId: number | string) => {
      const client = who ? who.client : anonymous(t);
      const response = await client.get("/api/memo/stats", { query: { creatorId } });
      expect(response.status).toBe(200);
      return response.body.data as number[];
    };

    it("needs a numeric creatorId", async () => {
      expectError(await anonymous(t).get("/api/memo/stats"), 400);
      expectError(await alice.client.get("/api/memo/stats", { query: { creatorId: "me" } }), 400);
    });

    it("counts NORMAL memos only, scoped by who asks", async () => {
      // Display times, newest created first.
      expect(await stats(null, alice.user.id)).toEqual([base]);
      expect(await stats(bob, alice.user.id)).toEqual([base + 120, base]);
      expect(await stats(alice, alice.user.id)).toEqual([base + 240, base + 120, base]);
      expect(await stats(host, alice.user.id)).toEqual([base + 120, base]);
      expect(await stats(alice, 987_654)).toEqual([]);
    });
  });

  describe("GET /api/memo/amount", () => {
    it("counts only NORMAL memos the caller may read", async () => {
      const amount = async (who: TestUser | null, userId?: number) => {
        const response = await (who ? who.client : anonymous(t)).get("/api/memo/amount", { query: { userId } });
        expect(response.status).toBe(200);
        return response.body.data as number;
      };
      expect(await amount(null)).toBe(2);
      expect(await amount(alice)).toBe(5); // 2 public + 2 protected + her own private
      expect(await amount(host)).toBe(4);
      expect(await amount(null, alice.user.id)).toBe(1);
      expect(await amount(bob, alice.user.id)).toBe(2);
      expect(await amount(alice, alice.user.id)).toBe(3);
      expectError(await anonymous(t).get("/api/memo/amount", { query: { userId: "x" } }), 400);
    });

    it("refuses an id that is not one, and a repeated userId, with v0's whole message", async () => {
      const refused = async (search: string, message: string) =>
        expectError(await anonymous(t).get(`/api/memo/amount?${search}`), 400, message);
      await refused("userId=x", "userId is not a number: x");
      await refused("userId=0", "userId is not a number: 0");
      await refused("userId=2147483648", "userId is not a number: 2147483648");
      await refused(`userId=${"9".repeat(70)}`, `userId is not a number: ${"9".repeat(64)}…`);
      await refused("userId=1&userId=2", "userId is not a number: 1,2");
      await refused("userId=&userId=", "userId is not a number: ,");
      expect((await anonymous(t).get("/api/memo/amount?userId=")).body.data).toBe(2);
    });
  });
});

describe("a memo list composes with a fixed number of queries", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Uncached: a kept answer would cost no query at all.
    t = await createTestApp({ responseCache: false });
  });
  afterAll(() => t.close());

  it("costs the same for 1 memo and for 35 memos with creators, resources and pins", async () => {
    const host = await signUpHost(t);
    const writers = [host, await createUser(t, host, "writer1"), await createUser(t, host, "writer2")];
    const first = await createMemo(host, "first", "PUBLIC");
    const measure = async (run: () => Promise<unknown>) => {
      const counter = installQueryCounter(t);
      try {
        await run();
        return counter.count;
      } finally {
        counter.uninstall();
      }
    };
    const listOwn = () => host.client.get("/api/memo");
    const explore = () => anonymous(t).get("/api/memo/all");
    const small = { own: await measure(listOwn), explore: await measure(explore) };
    expect(idsOf(await listOwn())).toEqual([first.id]);

    for (let i = 0; i < 34; i += 1) {
      const writer = writers[i % writers.length]!;
      const resources = i % 4 === 0 ? [(await uploadResource(writer, `f${i}.png`)).id] : [];
      const memo = await createMemo(writer, `memo ${i} #t${i % 5}`, "PUBLIC", { resourceIdList: resources });
      if (i % 6 === 0) await writer.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
    }
    const own = await listOwn();
    const all = await explore();
    expect(all.body.data).toHaveLength(35);
    expect(all.body.data.filter((memo: { resourceList: unknown[] }) => memo.resourceList.length > 0)).toHaveLength(9);
    expect(own.body.data.length).toBeGreaterThan(10);

    expect(await measure(listOwn)).toBe(small.own);
    expect(await measure(explore)).toBe(small.explore);
    // Resolving the caller, the page, creators, resources: a handful, whatever the page size.
    expect(small.explore).toBeLessThanOrEqual(4);
    expect(small.own).toBeLessThanOrEqual(6);
  });
});
