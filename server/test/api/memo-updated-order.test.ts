// Lists by updated time (`orderBy=updated`): GET /api/memo and /api/memo/all in the last edit's order, pinned first on
// the list, through every walk (the scope's index, a tag's entries, a search's steps), the cursor pages equal to the
// offset pages and to the naive order on both engines; an edit moves a memo to the top; a cursor keeps its order.
import { NEXT_CURSOR_HEADER, type Visibility } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { expectError } from "../expect.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

interface Spec {
  id: number;
  content: string;
  created: number;
  updated: number;
  tagged: boolean;
  visibility: Visibility;
  pinned: boolean;
}

const BASE = 1_700_000_000;
const COUNT = 40;
const VISIBILITIES: Visibility[] = ["PUBLIC", "PROTECTED", "PRIVATE"];

/** Pinned first (when asked), then the updated time, then the id, newest first. */
const naive = (specs: Spec[], pinnedFirst: boolean) =>
  [...specs]
    .sort((a, b) => (pinnedFirst ? Number(b.pinned) - Number(a.pinned) : 0) || b.updated - a.updated || b.id - a.id)
    .map((spec) => spec.id);

async function walk(client: Client, url: string, query: Record<string, string | number>, limit: number, by: "cursor" | "offset") {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const paging = by === "cursor" ? (cursor ? { cursor } : {}) : { offset: n * limit };
    const response = await client.get(url, { query: { ...query, limit, ...paging } });
    const page = idsOf(response);
    ids.push(...page);
    const next = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    cursor = typeof next === "string" ? next : undefined;
    if (page.length < limit || (by === "cursor" && cursor === undefined)) return ids;
  }
  throw new Error("the walk did not end");
}

describe("lists by updated time", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const specs: Spec[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    owner = await createUser(t, host, "editor");
    other = await createUser(t, host, "watcher");
    for (let i = 0; i < COUNT; i++) {
      const tagged = i % 3 === 0;
      const content = `note ${i}${tagged ? " #work" : ""}`;
      const visibility = VISIBILITIES[i % 3]!;
      const memo = await createMemo(owner, content, visibility);
      const pinned = i % 9 === 4;
      if (pinned) await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      // Created in order; edited in another order, with ties (ids decide), some long after others were created.
      const created = BASE + i * 60;
      const updated = BASE + ((i * 17) % 11) * 600;
      await t.ctx.store.db
        .updateTable("memo")
        .set({ created_ts: created, display_ts: created, updated_ts: updated })
        .where("id", "=", memo.id)
        .execute();
      specs.push({ id: memo.id, content, created, updated, tagged, visibility, pinned });
    }
  });
  afterAll(() => t.close());

  const cases: Array<[string, string, () => Client, Record<string, string | number>, (spec: Spec) => boolean, boolean]> = [
    ["the owner's list", "/api/memo", () => owner.client, { rowStatus: "NORMAL" }, () => true, true],
    [
      "a tag's list (memo_tag's updated copy)",
      "/api/memo",
      () => owner.client,
      { rowStatus: "NORMAL", tag: "work" },
      (s) => s.tagged,
      true,
    ],
    ["a search", "/api/memo", () => owner.client, { rowStatus: "NORMAL", search: '"note 1"' }, (s) => s.content.includes("note 1"), true],
    ["another member's view", "/api/memo", () => other.client, { creatorId: 0 }, (s) => s.visibility !== "PRIVATE", true],
    ["explore", "/api/memo/all", () => other.client, {}, (s) => s.visibility !== "PRIVATE", false],
  ];

  for (const [name, url, client, query, keep, pinnedFirst] of cases) {
    it(`${name}: cursor pages = offset pages = the naive updated order`, async () => {
      const scoped = "creatorId" in query ? { ...query, creatorId: owner.user.id } : query;
      const expected = naive(specs.filter(keep), pinnedFirst);
      expect(expected.length).toBeGreaterThan(2);
      // The display order differs, so the test tells the two apart.
      expect(idsOf(await client().get(url, { query: { ...scoped, limit: 1000 } }))).not.toEqual(expected);
      expect(idsOf(await client().get(url, { query: { ...scoped, orderBy: "updated", limit: 1000 } }))).toEqual(expected);
      for (const limit of [1, 4, 7]) {
        expect(await walk(client(), url, { ...scoped, orderBy: "updated" }, limit, "cursor")).toEqual(expected);
        expect(await walk(client(), url, { ...scoped, orderBy: "updated" }, limit, "offset")).toEqual(expected);
      }
    });
  }

  it("an edit moves the memo to the top of its unpinned memos, in the list and in its tag's list", async () => {
    const oldest = specs.filter((s) => s.tagged && !s.pinned).sort((a, b) => a.updated - b.updated || a.id - b.id)[0]!;
    expect((await owner.client.patch(`/api/memo/${oldest.id}`, { content: `${oldest.content} edited` })).status).toBe(200);
    const pinned = specs.filter((s) => s.pinned).length;
    for (const query of [{ rowStatus: "NORMAL" }, { rowStatus: "NORMAL", tag: "work" }]) {
      const ids = idsOf(await owner.client.get("/api/memo", { query: { ...query, orderBy: "updated" } }));
      const pinnedHere = specs.filter((s) => s.pinned && (query.tag === undefined || s.tagged)).length;
      expect(ids[pinnedHere], JSON.stringify(query)).toBe(oldest.id);
      expect(pinnedHere).toBeLessThanOrEqual(pinned);
    }
  });

  it("a cursor continues only a list of its own order; an unknown order is a 400 naming orderBy", async () => {
    const first = await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", orderBy: "updated", limit: 3 } });
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    expect(cursor).toEqual(expect.any(String));
    expectError(await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", limit: 3, cursor } }), 400, /another order/, {
      field: "cursor",
    });
    const display = await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", limit: 3 } });
    const displayCursor = display.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    expectError(
      await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", orderBy: "updated", limit: 3, cursor: displayCursor } }),
      400,
      /another order/,
      { field: "cursor" },
    );
    expectError(await owner.client.get("/api/memo", { query: { orderBy: "title" } }), 400, undefined, { field: "orderBy" });
  });
});
