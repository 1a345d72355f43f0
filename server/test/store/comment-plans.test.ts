// Query plans of comments: a memo's page of comments and a page of memos' counts read idx_memo_comment_memo
// (memo_id, id), never the whole table, whatever the number of comments. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countCommentsQuery, listCommentsQuery } from "../../src/store/sql/comment.store.js";
import { createUser, signUpHost } from "../factories.js";
import { explainPlan } from "./explain.js";
import { createTestApp, type TestApp } from "../harness.js";

const MEMOS = 3_000;
const PER_MEMO = 10;

describe("comment query plans", () => {
  let t: TestApp;
  const ids: number[] = [];

  const explain = (query: CompiledQuery) => explainPlan(t.ctx.store, query);

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    const owner = await createUser(t, host, "plans");
    const db = t.ctx.store.db;
    for (let start = 0; start < MEMOS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        creator_id: owner.user.id,
        content: `memo ${start + i}`,
        visibility: "PUBLIC" as const,
      }));
      ids.push(...(await db.insertInto("memo").values(rows).returning("id").execute()).map((row) => row.id));
    }
    const comments = ids.flatMap((memo_id) =>
      Array.from({ length: PER_MEMO }, (_, i) => ({ memo_id, creator_id: owner.user.id, content: `c${i}`, created_ts: i, updated_ts: i })),
    );
    for (let start = 0; start < comments.length; start += 1000)
      await db
        .insertInto("memo_comment")
        .values(comments.slice(start, start + 1000))
        .execute();
    // VACUUM too on PostgreSQL: the visibility map (set only by a vacuum) costs index-only scans; not left to autovacuum.
    await db.executeQuery(CompiledQuery.raw(t.ctx.store.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE"));
  }, 120_000);
  afterAll(() => t?.close());

  it("a page of 30 memos' counts: the memo index", async () => {
    const plan = await explain(countCommentsQuery(t.ctx.store.db, ids.slice(100, 130)).compile());
    if (t.ctx.store.engine === "sqlite") {
      expect(plan, plan).toMatch(/SEARCH memo_comment USING COVERING INDEX idx_memo_comment_memo \(memo_id=\?\)/);
      expect(plan, plan).not.toMatch(/\bSCAN memo_comment\b/);
    } else {
      expect(plan, plan).toMatch(/idx_memo_comment_memo/);
      expect(plan, plan).not.toMatch(/Seq Scan on memo_comment/);
    }
  });

  it("a memo's page of comments (also past a cursor): the memo index, in order", async () => {
    for (const after of [undefined, 5]) {
      const plan = await explain(listCommentsQuery(t.ctx.store.db, ids[7] as number, after, 21).compile());
      if (t.ctx.store.engine === "sqlite") {
        expect(plan, plan).toMatch(/SEARCH c USING INDEX idx_memo_comment_memo \(memo_id=\?/);
        expect(plan, plan).not.toMatch(/TEMP B-TREE|\bSCAN c\b/);
      } else {
        expect(plan, plan).toMatch(/idx_memo_comment_memo/);
        expect(plan, plan).not.toMatch(/Seq Scan on memo_comment|\bSort\b/);
      }
    }
  });
});
