// A tag list answers exactly what a scan of every memo would: the walks of the tag's memo_tag entries and of each
// child's, merged (a memo under two of them listed once), or for a tag of more than 32 children the walk of every
// memo in display order. Common and rare tags, in the instance or in one creator's memos; children count (`rare`
// matches `rare/child`), look-alikes do not (`rarely`). Pages are walked by cursor, pinned first on the own list.
import type { Memo } from "@memos/common";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { allPageIds } from "../memo-helpers.js";

const COUNT = 3000;
const BASE_TS = 1_650_000_000;

/** The tags of memo `i`, on a fixed pattern so the counts are known. */
function tagsOf(i: number): string[] {
  const tags = ["everywhere"];
  if (i % 97 === 0) tags.push("medium"); // ~31 in all, ~20 among the newest 2000: too few for one window
  if (i < 40 && i % 8 === 0) tags.push("rare/child"); // 5, all old: outside the newest window
  if (i === 16) tags.push("rare");
  if (i === 24) tags.push("rarely"); // not a child of "rare"
  if (i % 400 === 5) tags.push(i % 800 === 5 ? "crowd" : "crowd/mine"); // 8 of the host's; another user has 2,100
  if (i % 50 === 7) tags.push(`many/c${Math.floor(i / 50) % 40}`, ...(i % 100 === 7 ? ["many"] : [])); // 40 children
  return tags;
}

const TAGS = ["everywhere", "medium", "rare", "rare/child", "rarely", "crowd", "many", "many/c3", "nothing"];
const CROWD = 2100;

describe("tag lists equal a full scan", () => {
  let t: TestApp;
  let host: TestUser;
  const memos: { id: number; tags: string[]; displayTs: number; pinned: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    const db = t.ctx.store.db;
    for (let start = 0; start < COUNT; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const ts = BASE_TS + Math.floor(i / 3); // ties in display time, so the id breaks them
        return {
          creator_id: host.user.id,
          content: `note ${i}`,
          visibility: "PUBLIC" as const,
          created_ts: ts,
          updated_ts: ts,
          display_ts: ts,
        };
      });
      const inserted = await db.insertInto("memo").values(rows).returning(["id", "display_ts"]).execute();
      const tagRows = inserted.flatMap((row, k) => tagsOf(start + k).map((tag) => ({ memo_id: row.id, tag })));
      await db.insertInto("memo_tag").values(tagRows).execute();
      inserted.forEach((row, k) => {
        const i = start + k;
        memos.push({ id: row.id, tags: tagsOf(i), displayTs: Number(row.display_ts), pinned: i === 97 * 3 || i === 8 });
      });
    }
    // Another creator's memos, private, all tagged "crowd": common in the instance, rare in the host's memos.
    const other = await createUser(t, host, "crowder");
    const crowd = Array.from({ length: CROWD }, (_, i) => ({
      creator_id: other.user.id,
      content: `crowd ${i}`,
      visibility: "PRIVATE" as const,
      created_ts: BASE_TS + i,
      updated_ts: BASE_TS + i,
      display_ts: BASE_TS + i,
    }));
    for (let start = 0; start < CROWD; start += 500) {
      const inserted = await db
        .insertInto("memo")
        .values(crowd.slice(start, start + 500))
        .returning("id")
        .execute();
      // No creator given: the trigger of migration 016 fills it from the memo.
      await db
        .insertInto("memo_tag")
        .values(inserted.map((row) => ({ memo_id: row.id, tag: "crowd" })))
        .execute();
    }
    const pins = memos.filter((memo) => memo.pinned).map((memo) => ({ memo_id: memo.id, user_id: host.user.id, pinned: 1 }));
    await db.insertInto("memo_organizer").values(pins).execute();
    // Statistics, as the database keeps them in use (PostgreSQL plans the walk of a bulk-loaded table badly without).
    await sql`ANALYZE`.execute(db);
  });
  afterAll(() => t.close());

  const walkAll = (client: Client, url: string, tag: string) => allPageIds(client, url, { tag });

  const naive = (tag: string, pinnedFirst: boolean): number[] =>
    memos
      .filter((memo) => memo.tags.some((each) => each === tag || each.startsWith(`${tag}/`)))
      .sort((a, b) => (pinnedFirst ? Number(b.pinned) - Number(a.pinned) : 0) || b.displayTs - a.displayTs || b.id - a.id)
      .map((memo) => memo.id);

  for (const tag of TAGS) {
    it(`"${tag}": explore and the own list give every match in order, as a scan would`, async () => {
      const expected = naive(tag, false);
      expect(await walkAll(anonymous(t), "/api/memo/all", tag)).toEqual(expected);
      expect(await walkAll(host.client, "/api/memo", tag)).toEqual(naive(tag, true));
      // The first page and a later one by offset, as v0 clients ask.
      const first = await anonymous(t).get("/api/memo/all", { query: { tag, limit: 30 } });
      expect((first.body.data as Memo[]).map((memo) => memo.id)).toEqual(expected.slice(0, 30));
      const later = await anonymous(t).get("/api/memo/all", { query: { tag, limit: 10, offset: 3 } });
      expect((later.body.data as Memo[]).map((memo) => memo.id)).toEqual(expected.slice(3, 13));
    });
  }

  it("the counts are as planned: one tag common, the others rare", () => {
    expect(naive("everywhere", false)).toHaveLength(COUNT);
    expect(naive("medium", false)).toHaveLength(31);
    expect(naive("rare", false)).toHaveLength(5); // memo 16 has both "rare" and "rare/child"
    expect(naive("rarely", false)).toHaveLength(1);
    expect(naive("crowd", false)).toHaveLength(8);
    expect(naive("many", false)).toHaveLength(60);
    expect(new Set(memos.flatMap((memo) => memo.tags.filter((tag) => tag.startsWith("many/")))).size).toBe(40);
  });
});
