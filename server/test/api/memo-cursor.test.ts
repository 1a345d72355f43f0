// Keyset paging of GET /api/memo and /api/memo/all: the cursor walk yields the naive order (pinned first,
// then displayTs desc, then id desc) for every list, equal to the offset walk, with ties and pins.
import { NEXT_CURSOR_HEADER, type Visibility } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import type { Client } from "../client.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

interface Spec {
  id: number;
  content: string;
  ts: number;
  tags: string[];
  linked: boolean;
  visibility: Visibility;
  archived: boolean;
  pinned: boolean;
}

const VISIBILITIES: Visibility[] = ["PUBLIC", "PROTECTED", "PRIVATE"];
const BASE = 1_700_000_000;
const COUNT = 61;

function contentOf(i: number): string {
  const tag = ["#work", "#work/sub", "#workshop", ""][i % 4];
  return `memo ${i} ${tag}${i % 5 === 0 ? " [link](https://example.com)" : ""}`;
}

const naive = (specs: Spec[], pinnedFirst: boolean) =>
  [...specs].sort((a, b) => (pinnedFirst ? Number(b.pinned) - Number(a.pinned) : 0) || b.ts - a.ts || b.id - a.id).map((spec) => spec.id);

const header = (response: { headers: Record<string, unknown> }): string | undefined => {
  const value = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
  return typeof value === "string" ? value : undefined;
};

async function offsetWalk(client: Client, url: string, query: Record<string, string | number>, limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < 200; offset += limit) {
    const page = idsOf(await client.get(url, { query: { ...query, limit, offset } }));
    ids.push(...page);
    if (page.length < limit) break;
  }
  return ids;
}

async function cursorWalk(client: Client, url: string, query: Record<string, string | number>, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const response = await client.get(url, { query: { ...query, limit, ...(cursor ? { cursor } : {}) } });
    ids.push(...idsOf(response));
    cursor = header(response);
    if (cursor === undefined) return ids;
  }
  throw new Error("the cursor walk did not end");
}

describe("keyset paging", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const specs: Spec[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    owner = await createUser(t, host, "walker");
    other = await createUser(t, host, "reader");
    for (let i = 0; i < COUNT; i++) {
      const visibility = VISIBILITIES[i % 3]!;
      const memo = await createMemo(owner, contentOf(i), visibility);
      // Five display times only, so most memos tie and ids decide.
      const ts = BASE + (i % 5) * 100;
      await t.ctx.store.db.updateTable("memo").set({ created_ts: ts, updated_ts: ts, display_ts: ts }).where("id", "=", memo.id).execute();
      const archived = i % 10 === 9;
      if (archived) await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
      const pinned = i % 7 === 0;
      if (pinned) await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      const tag = ["work", "work/sub", "workshop", ""][i % 4]!;
      specs.push({ id: memo.id, content: contentOf(i), ts, tags: tag ? [tag] : [], linked: i % 5 === 0, visibility, archived, pinned });
    }
  });
  afterAll(() => t.close());

  const own: Array<[string, Record<string, string | number>, (spec: Spec) => boolean]> = [
    ["everything (a v0 client)", {}, () => true],
    ["home", { rowStatus: "NORMAL" }, (s) => !s.archived],
    ["archived", { rowStatus: "ARCHIVED" }, (s) => s.archived],
    [
      "tag with children",
      { rowStatus: "NORMAL", tag: "work" },
      (s) => !s.archived && s.tags.some((tag) => tag === "work" || tag.startsWith("work/")),
    ],
    ["not tagged", { rowStatus: "NORMAL", type: "NOT_TAGGED" }, (s) => !s.archived && s.tags.length === 0],
    ["linked", { rowStatus: "NORMAL", type: "LINKED" }, (s) => !s.archived && s.linked],
    ["visibility", { rowStatus: "NORMAL", visibility: "PUBLIC,PRIVATE" }, (s) => !s.archived && s.visibility !== "PROTECTED"],
    ["duration", { rowStatus: "NORMAL", from: BASE + 100, to: BASE + 300 }, (s) => !s.archived && s.ts >= BASE + 100 && s.ts < BASE + 300],
    ["pinned only", { rowStatus: "NORMAL", pinned: "true" }, (s) => !s.archived && s.pinned],
    ["unpinned only", { pinned: "false" }, (s) => !s.pinned],
  ];

  for (const [name, query, keep] of own) {
    it(`${name}: cursor pages = offset pages = the naive order, for several page sizes`, async () => {
      const expected = naive(specs.filter(keep), true);
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(await owner.client.get("/api/memo", { query: { ...query, limit: 1000 } }))).toEqual(expected);
      for (const limit of [1, 4, 7, 30]) {
        expect(await offsetWalk(owner.client, "/api/memo", query, limit)).toEqual(expected);
        expect(await cursorWalk(owner.client, "/api/memo", query, limit)).toEqual(expected);
      }
    });
  }

  it("another member's view of the creator's list pages the same way", async () => {
    const query = { creatorId: owner.user.id };
    const expected = naive(
      specs.filter((s) => !s.archived && s.visibility !== "PRIVATE"),
      true,
    );
    expect(await cursorWalk(other.client, "/api/memo", query, 6)).toEqual(expected);
    expect(await offsetWalk(other.client, "/api/memo", query, 6)).toEqual(expected);
  });

  // SQLite merges a walk per visibility for this view (migration 024): the same order, ties and pins included.
  it("another member's view pages the same way through a search, by cursor and offset", async () => {
    const expected = naive(
      specs.filter((s) => !s.archived && s.visibility !== "PRIVATE" && s.content.includes("memo 1")),
      true,
    );
    expect(expected.length).toBeGreaterThan(3);
    const query = { creatorId: owner.user.id, rowStatus: "NORMAL", text: "memo 1" };
    for (const limit of [1, 3, 30]) {
      expect(await cursorWalk(other.client, "/api/memo", query, limit)).toEqual(expected);
      expect(await offsetWalk(other.client, "/api/memo", query, limit)).toEqual(expected);
    }
  });

  it("explore pages by cursor without pins first", async () => {
    const expected = naive(
      specs.filter((s) => !s.archived && s.visibility === "PUBLIC"),
      false,
    );
    expect(await cursorWalk(anonymous(t), "/api/memo/all", {}, 4)).toEqual(expected);
    expect(await offsetWalk(anonymous(t), "/api/memo/all", {}, 4)).toEqual(expected);
    const members = naive(
      specs.filter((s) => !s.archived && s.visibility !== "PRIVATE"),
      false,
    );
    expect(await cursorWalk(other.client, "/api/memo/all", { tag: "work" }, 3)).toEqual(
      naive(
        specs.filter((s) => members.includes(s.id) && s.tags.some((tag) => tag === "work" || tag === "work/sub")),
        false,
      ),
    );
  });

  it("keeps the v0 body and gives the cursor in a header only while a page is full", async () => {
    const full = await owner.client.get("/api/memo", { query: { limit: 5 } });
    expect(Object.keys(full.body)).toEqual(["data"]);
    expect(header(full)).toMatch(/^[A-Za-z0-9_-]+$/);
    const last = await owner.client.get("/api/memo", { query: { limit: 1000 } });
    expect(header(last)).toBeUndefined();
  });

  it("a memo created while paging neither repeats nor shifts the pages after the cursor", async () => {
    const first = await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", limit: 10 } });
    const fresh = await createMemo(owner, "brand new");
    const second = idsOf(await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", limit: 10, cursor: header(first)! } }));
    const expected = naive(
      specs.filter((s) => !s.archived),
      true,
    );
    expect([...idsOf(first), ...second]).toEqual(expected.slice(0, 20));
    expect(second).not.toContain(fresh.id);
    await owner.client.delete(`/api/memo/${fresh.id}`);
  });

  it("refuses a malformed or forged cursor, and a cursor with an offset, with 400 naming cursor", async () => {
    const forged = Buffer.from("m1.2.5.5").toString("base64url");
    for (const cursor of ["garbage!", "bTEuMS4y", forged, "x".repeat(201)]) {
      const response = await owner.client.get("/api/memo", { query: { cursor } });
      expectError(response, 400);
      expect(response.body.message).toMatch(/cursor/);
    }
    const cursor = header(await owner.client.get("/api/memo", { query: { limit: 2 } }))!;
    const combined = await owner.client.get("/api/memo", { query: { cursor, offset: 4 } });
    expectError(combined, 400);
    expect(combined.body.message).toMatch(/cursor/);
    expectError(await anonymous(t).get("/api/memo/all", { query: { cursor: "nope" } }), 400);
  });
});
