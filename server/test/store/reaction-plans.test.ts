// Query plans of reactions: a page of 30 memos' reactions and their counts read the unique index
// (memo_id, emoji, creator_id) by each memo of the page, never the whole table, whatever the number of reactions.
// Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countReactionsQuery, listReactionsQuery } from "../../src/store/sql/reaction.store.js";
import { createUser, signUpHost } from "../factories.js";
import { explainPlan } from "./explain.js";
import { createTestApp, type TestApp } from "../harness.js";

const MEMOS = 3_000;
const EMOJIS = ["👍", "🎉", "👀"];

describe("reaction query plans", () => {
  let t: TestApp;
  const ids: number[] = [];
  let reactor = 0;

  const explain = (query: CompiledQuery) => explainPlan(t.ctx.store, query);

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    const owner = await createUser(t, host, "plans");
    reactor = owner.user.id;
    const db = t.ctx.store.db;
    for (let start = 0; start < MEMOS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        creator_id: owner.user.id,
        content: `memo ${start + i}`,
        visibility: "PUBLIC" as const,
      }));
      ids.push(...(await db.insertInto("memo").values(rows).returning("id").execute()).map((row) => row.id));
    }
    const reactions = ids.flatMap((memo_id) =>
      EMOJIS.map((emoji, i) => ({ memo_id, creator_id: i === 0 ? host.user.id : owner.user.id, emoji, created_ts: i })),
    );
    for (let start = 0; start < reactions.length; start += 1000)
      await db
        .insertInto("memo_reaction")
        .values(reactions.slice(start, start + 1000))
        .execute();
    // VACUUM too on PostgreSQL: the visibility map (set only by a vacuum) costs index-only scans; not left to autovacuum.
    await db.executeQuery(CompiledQuery.raw(t.ctx.store.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE"));
  }, 120_000);
  afterAll(() => t?.close());

  it("a page of 30 memos' reactions and counts: the unique index by memo", async () => {
    const page = ids.slice(100, 130);
    for (const query of [
      listReactionsQuery(t.ctx.store.db, "memo", page, 20),
      countReactionsQuery(t.ctx.store.db, "memo", page, reactor),
    ]) {
      const plan = await explain(query.compile());
      if (t.ctx.store.engine === "sqlite") {
        expect(plan, plan).toMatch(/SEARCH (r|memo_reaction) USING (COVERING )?INDEX sqlite_autoindex_memo_reaction_1 \(memo_id=\?\)/);
        expect(plan, plan).not.toMatch(/\bSCAN (r|memo_reaction)\b/);
      } else {
        expect(plan, plan).toMatch(/memo_reaction_memo_id_emoji_creator_id_key/);
        expect(plan, plan).not.toMatch(/Seq Scan on memo_reaction/);
      }
    }
  });
});
