// Query plans of spaces (issue 47): a space's feed is a walk of the partial index idx_memo_space_display (space memos
// only, migration 051) in display order, first page and by cursor, by tag too, never a sort of the
// space's memos or a scan of the collection; a member's spaces and roles read space_member's user index. Asserted on
// SQLite both without planner statistics (as instances run) and with them, on PostgreSQL with them. Plans, not time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/sql/memo/memo.store.js";
import { createUser, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { explainPlan } from "./explain.js";

const MEMOS = 30_000;
const BATCH = 500;

describe("space query plans", () => {
  let t: TestApp;
  let users: number[] = [];
  const big = 1;
  const small = 2;
  const explain = (query: CompiledQuery) => explainPlan(t.ctx.store, query);

  beforeAll(async () => {
    t = await createTestApp({ freshDatabase: true });
    const host = await signUpHost(t);
    users = [host.user.id];
    for (const name of ["one", "two", "three"]) users.push((await createUser(t, host, name)).user.id);
    const db = t.ctx.store.db;
    await db
      .insertInto("space")
      .values([
        { name: "big", created_ts: 1 },
        { name: "small", created_ts: 1 },
      ])
      .execute();
    await db
      .insertInto("space_member")
      .values(users.flatMap((user_id, i) => [{ space_id: big, user_id, role: i === 0 ? "owner" : "editor", created_ts: 1 }]))
      .execute();
    const start = 1_600_000_000;
    for (let offset = 0; offset < MEMOS; offset += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, i) => {
        const n = offset + i;
        const ts = start + n * 60 - (n % 7) * 60;
        // A third of the memos in the big space, 1 in 30 in the small one, the rest in none.
        const space_id = n % 3 === 0 ? big : n % 30 === 1 ? small : null;
        return {
          creator_id: users[n % users.length]!,
          content: `memo ${n}${n % 5 === 0 ? " #work" : ""}`,
          visibility: space_id === null ? (["PUBLIC", "PROTECTED", "PRIVATE"] as const)[n % 3]! : ("PRIVATE" as const),
          row_status: n % 50 === 0 ? ("ARCHIVED" as const) : ("NORMAL" as const),
          space_id,
          created_ts: ts,
          updated_ts: ts,
          display_ts: ts,
        };
      });
      await db.transaction().execute(async (tx) => {
        const inserted = await tx.insertInto("memo").values(rows).returning(["id", "content"]).execute();
        const tags = inserted.filter((memo) => memo.content.includes("#work")).map((memo) => ({ memo_id: memo.id, tag: "work" }));
        if (tags.length > 0) await tx.insertInto("memo_tag").values(tags).execute();
      });
    }
    if (t.ctx.store.engine === "postgres") await db.executeQuery(CompiledQuery.raw("VACUUM ANALYZE"));
  }, 180_000);
  afterAll(() => t?.close());

  const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
  const cursor: MemoPage = { ...flat, after: { pinned: 0, ts: 1_600_900_000, id: 15_000 } };
  const feeds = (): Array<[string, MemoFilter]> => [
    ["the big space", { spaceId: big, rowStatus: "NORMAL" }],
    ["the small space", { spaceId: small, rowStatus: "NORMAL" }],
    ["a tag in it", { spaceId: big, rowStatus: "NORMAL", tag: "work" }],
  ];

  async function expectFeedWalks(state: string) {
    for (const [name, filter] of feeds()) {
      for (const page of [flat, cursor]) {
        const plan = await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter, page)).walk);
        const label = `${name}, ${page.after ? "by cursor" : "first page"}, ${state}\n${plan}`;
        if (t.ctx.store.engine === "sqlite") {
          // A tag's feed walks the tag's entries in display order (as explore's tag does), each memo's space checked.
          expect(plan, label).toMatch(
            filter.tag === undefined
              ? /SEARCH m USING INDEX idx_memo_space_display \(space_id=\? AND row_status=\?/
              : /SEARCH t USING COVERING INDEX idx_memo_tag_display \(tag=\?/,
          );
          expect(plan, label).not.toMatch(/TEMP B-TREE|\bSCAN m\b/);
        } else {
          if (filter.tag === undefined) expect(plan, label).toMatch(/Index Scan Backward using idx_memo_space_display on memo m/);
          expect(plan, label).not.toMatch(/\bSort\b|Seq Scan on memo\b/);
        }
      }
    }
  }

  it("walks a space's feed in display order from its own index, without statistics (SQLite) and with them", async () => {
    await expectFeedWalks(t.ctx.store.engine === "sqlite" ? "no statistics" : "analyzed");
    if (t.ctx.store.engine === "sqlite") {
      await t.ctx.store.db.executeQuery(CompiledQuery.raw("ANALYZE"));
      try {
        await expectFeedWalks("analyzed");
      } finally {
        // Instances run without statistics: leave none behind for the next test.
        await t.ctx.store.db.executeQuery(CompiledQuery.raw("DELETE FROM sqlite_stat1"));
      }
    }
  });

  it("reads a member's spaces and roles from space_member's user index, and a space's memos by its index when it is deleted", async () => {
    const db = t.ctx.store.db;
    const roles = await explain(db.selectFrom("space_member").select(["space_id", "role"]).where("user_id", "=", users[1]!).compile());
    const detach = await explain(db.updateTable("memo").set({ space_id: null }).where("space_id", "=", small).compile());
    if (t.ctx.store.engine === "sqlite") {
      expect(roles, roles).toMatch(/SEARCH space_member USING (COVERING )?INDEX idx_space_member_user \(user_id=\?\)/);
      expect(detach, detach).toMatch(/SEARCH memo USING (COVERING )?INDEX idx_memo_space_display \(space_id=\?\)/);
    } else {
      expect(detach, detach).not.toMatch(/Seq Scan on memo\b/);
      expect(detach, detach).toMatch(/idx_memo_space_display/);
    }
  });
});
