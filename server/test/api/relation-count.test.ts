// GET /api/memo/relation-count: a page of cards' backlink counts, counting only the referencing memos the caller may
// see (a hidden one is not even counted), in a fixed number of queries, bounded for a memo referenced thousands of times.
import type { RelationCount } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { installQueryCounter } from "../query-counter.js";

describe("backlink counts of a page of memos", { timeout: 60_000 }, () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `counted${++seq}`);
  const countsOf = async (client: Client, ids: number[]): Promise<RelationCount[]> => {
    const response = await client.get(`/api/memo/relation-count?memoIds=${ids.join(",")}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  /** `count` memos of `owner` with `visibility` referencing `target`, written straight to the store. */
  async function referencing(owner: TestUser, target: number, count: number, visibility: "PUBLIC" | "PRIVATE") {
    const db = t.ctx.store.db;
    const made: number[] = [];
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        creator_id: owner.user.id,
        content: `ref ${start + i} /m/${target}`,
        visibility,
      }));
      made.push(...(await db.insertInto("memo").values(rows).returning("id").execute()).map((row) => row.id));
    }
    for (let start = 0; start < made.length; start += 500)
      await db
        .insertInto("memo_relation")
        .values(made.slice(start, start + 500).map((id) => ({ memo_id: id, related_memo_id: target, type: "REFERENCE" })))
        .execute();
    return made;
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("counts only the referencing memos the caller may see, and leaves out memos they may not read", async () => {
    const owner = await member();
    const reader = await member();
    const target = await createMemo(owner, "public target", "PUBLIC");
    const lonely = await createMemo(owner, "nobody links here", "PUBLIC");
    const secret = await createMemo(owner, "private target", "PRIVATE");
    await createMemo(owner, `public /m/${target.id} /m/${secret.id}`, "PUBLIC");
    await createMemo(owner, `protected /m/${target.id}`, "PROTECTED");
    await createMemo(owner, `private /m/${target.id}`, "PRIVATE");
    const archived = await createMemo(owner, `archived /m/${target.id}`, "PUBLIC");
    await owner.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    const trashed = await createMemo(owner, `trashed /m/${target.id}`, "PUBLIC");
    await owner.client.delete(`/api/memo/${trashed.id}`);
    await createMemo(reader, `reader's private /m/${target.id}`, "PRIVATE");
    const page = [target.id, lonely.id, secret.id];

    expect(await countsOf(owner.client, page)).toEqual([
      { memoId: target.id, count: 4, more: false },
      { memoId: secret.id, count: 1, more: false },
    ]);
    // Another member: the public and protected ones and their own private one, never the owner's private or archived.
    expect(await countsOf(reader.client, page)).toEqual([{ memoId: target.id, count: 3, more: false }]);
    expect(await countsOf(anonymous(t), page)).toEqual([{ memoId: target.id, count: 1, more: false }]);
    // A memo with no backlink the caller may see is left out, as is one they may not read.
    const onlyPrivate = await createMemo(owner, "referenced privately", "PUBLIC");
    await createMemo(owner, `/m/${onlyPrivate.id}`, "PRIVATE");
    expect(await countsOf(reader.client, [onlyPrivate.id])).toEqual([]);
    expect(await countsOf(anonymous(t), [onlyPrivate.id, 99_999_999])).toEqual([]);
  });

  it("refuses more than 100 memos and what is not a list of ids, naming the field", async () => {
    const owner = await member();
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expectError(await owner.client.get("/api/memo/relation-count", { query: { memoIds: ids } }), 400, undefined, { field: "memoIds" });
    expectError(await owner.client.get("/api/memo/relation-count", { query: { memoIds: "1,x" } }), 400, undefined, { field: "memoIds" });
    expectError(await anonymous(t).get("/api/memo/relation-count"), 400, undefined, { field: "memoIds" });
  });

  it("answers every credential kind as the session", async () => {
    const owner = await member();
    const target = await createMemo(owner, "target", "PRIVATE");
    await createMemo(owner, `/m/${target.id}`, "PRIVATE");
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      expect(await countsOf(caller, [target.id]), kind).toEqual([{ memoId: target.id, count: 1, more: false }]);
    }
  });

  it("says 99+ past 99, and reads at most a memo's newest 500 references", async () => {
    const owner = await member();
    const popular = await createMemo(owner, "popular", "PUBLIC");
    await referencing(owner, popular.id, 120, "PUBLIC");
    expect(await countsOf(anonymous(t), [popular.id])).toEqual([{ memoId: popular.id, count: 99, more: true }]);

    // A public reference older than 500 private ones is past what a card reads: its visitor sees no count, and
    // learns nothing of the private ones either.
    const buried = await createMemo(owner, "buried", "PUBLIC");
    await referencing(owner, buried.id, 1, "PUBLIC");
    await referencing(owner, buried.id, 500, "PRIVATE");
    expect(await countsOf(anonymous(t), [buried.id])).toEqual([]);
    expect(await countsOf(owner.client, [buried.id])).toEqual([{ memoId: buried.id, count: 99, more: true }]);
  });

  it("reads a page of 30 memos' counts in a fixed number of queries", async () => {
    const owner = await member();
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const memo = await createMemo(owner, `m${i}`, "PUBLIC");
      ids.push(memo.id);
      await referencing(owner, memo.id, (i % 3) + 1, "PUBLIC");
    }
    const count = async (client: Client, memoIds: number[]) => {
      const counter = installQueryCounter(t);
      try {
        expect(await countsOf(client, memoIds)).toHaveLength(memoIds.length);
        return counter.count;
      } finally {
        counter.uninstall();
      }
    };
    // The memos' facts and the counts; a session adds its own look-ups, the same for any page.
    expect(await count(anonymous(t), ids)).toBe(2);
    expect(await count(anonymous(t), ids.slice(0, 2))).toBe(2);
    expect(await count(owner.client, ids)).toBe(await count(owner.client, ids.slice(0, 2)));
  });
});
