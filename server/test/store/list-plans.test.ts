// Query plans of every list the app runs, on the engine MEMOS_TEST_DRIVER picks: the page is read from an
// index walk in list order, never by sorting the collection or scanning every memo. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { displayTimesSql, listMemosSql, type MemoFilter, type MemoPage, rareTagSql, searchSql } from "../../src/store/memo.store.js";

const MEMOS = 30_000;
const BATCH = 500;
const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

describe("list query plans", () => {
  let t: TestApp;
  let owner: number;

  async function explain(query: CompiledQuery): Promise<string[]> {
    const prefix = t.ctx.store.engine === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
    const result = await t.ctx.store.db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
    return result.rows.map((row) => {
      const record = row as Record<string, unknown>;
      return String(record.detail ?? record["QUERY PLAN"]);
    });
  }

  /** The page's rows come out of an index in order: no sort, no scan of memo (SEARCH only, on SQLite). */
  function expectIndexWalk(plan: string[]) {
    const text = plan.join("\n");
    if (t.ctx.store.engine === "sqlite") {
      expect(text, text).not.toMatch(/TEMP B-TREE/);
      expect(text, text).not.toMatch(/\bSCAN m\b/);
      expect(text, text).toMatch(/SEARCH m USING (COVERING )?INDEX/);
    } else {
      expect(text, text).not.toMatch(/\bSort\b/);
      expect(text, text).not.toMatch(/Seq Scan on memo\b/);
      expect(text, text).toMatch(/Index Scan( Backward)? using \w+ on memo m/);
    }
  }

  /** The pinned group is looked up (through the pins, or a narrower index range), unsorted: no scan, no sort. */
  function expectFoundByPins(plan: string[]) {
    const text = plan.join("\n");
    if (t.ctx.store.engine === "sqlite") {
      expect(text, text).not.toMatch(/\bSCAN m\b/);
      expect(text, text).not.toMatch(/TEMP B-TREE/);
      expect(text, text).toMatch(/SEARCH m USING/);
    } else {
      expect(text, text).not.toMatch(/Seq Scan on memo\b/);
      expect(text, text).not.toMatch(/\bSort\b/);
    }
  }

  /** The heat map reads only the window: a display_ts range of an index, never the whole collection. */
  function expectWindowRead(plan: string[]) {
    const text = plan.join("\n");
    if (t.ctx.store.engine === "sqlite") {
      expect(text, text).not.toMatch(/\bSCAN m\b/);
      expect(text, text).not.toMatch(/TEMP B-TREE/);
      expect(text, text).toMatch(/SEARCH m USING (COVERING )?INDEX \w+ \(creator_id=\? AND row_status=\? AND display_ts>\?\)/);
    } else {
      expect(text, text).not.toMatch(/Seq Scan on memo\b/);
      expect(text, text).toMatch(/Index Cond: \(\(creator_id = \d+\) AND .*display_ts >= /);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    const users = [host.user.id];
    for (const name of ["planner", "second", "third"]) users.push((await createUser(t, host, name)).user.id);
    owner = users[1]!;
    const db = t.ctx.store.db;
    const start = 1_600_000_000;
    for (let offset = 0; offset < MEMOS; offset += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, i) => {
        const n = offset + i;
        const ts = start + n * 60 - (n % 7) * 60; // ties across memos
        return {
          creator_id: users[n % users.length]!,
          content: `memo ${n}${n % 3 === 0 ? " #work" : ""}${n % 11 === 0 ? " [a](https://example.com)" : ""}`,
          visibility: VISIBILITIES[n % 3]!,
          row_status: n % 50 === 0 ? ("ARCHIVED" as const) : ("NORMAL" as const),
          created_ts: ts,
          updated_ts: ts,
          display_ts: ts,
        };
      });
      await db.transaction().execute(async (tx) => {
        const inserted = await tx.insertInto("memo").values(rows).returning(["id", "content", "creator_id"]).execute();
        const tags = inserted.filter((memo) => memo.content.includes("#work")).map((memo) => ({ memo_id: memo.id, tag: "work" }));
        // A rare tag's child, on 1 memo in 500.
        tags.push(...inserted.filter((memo) => memo.id % 500 === 1).map((memo) => ({ memo_id: memo.id, tag: "rare/child" })));
        if (tags.length > 0) await tx.insertInto("memo_tag").values(tags).execute();
        const pins = inserted.filter((memo) => memo.id % 97 === 0).map((memo) => ({ memo_id: memo.id, user_id: memo.creator_id, pinned: 1 }));
        if (pins.length > 0) await tx.insertInto("memo_organizer").values(pins).execute();
      });
    }
    await db.executeQuery(CompiledQuery.raw("ANALYZE"));
  }, 120_000);
  afterAll(() => t.close());

  const page: MemoPage = { pinnedFirst: true, limit: 30, offset: 0 };
  const second: MemoPage = { ...page, after: { pinned: 0, displayTs: 1_600_900_000, id: 15_000 } };
  const lists: Array<[string, () => MemoFilter]> = [
    ["home", () => ({ creatorId: owner, rowStatus: "NORMAL" })],
    ["home of a v0 client (no rowStatus)", () => ({ creatorId: owner })],
    ["tag", () => ({ creatorId: owner, rowStatus: "NORMAL", tag: "work" })],
    ["not tagged", () => ({ creatorId: owner, rowStatus: "NORMAL", type: "NOT_TAGGED" })],
    ["linked", () => ({ creatorId: owner, rowStatus: "NORMAL", type: "LINKED" })],
    ["visibility", () => ({ creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] })],
    ["duration", () => ({ creatorId: owner, rowStatus: "NORMAL", fromTs: 1_600_500_000, toTs: 1_600_586_400 })],
    ["archived", () => ({ creatorId: owner, rowStatus: "ARCHIVED" })],
    ["another user's list", () => ({ creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC"] })],
  ];

  for (const [name, filter] of lists) {
    it(`${name}: pinned group through the pins, then an index walk (first page and a cursor page)`, async () => {
      const sql = listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), page);
      expectFoundByPins(await explain(sql.pinned));
      expectIndexWalk(await explain(sql.walk));
      expectIndexWalk(await explain((listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), second)).walk));
      expectIndexWalk(await explain((listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), { ...page, offset: 30 })).walk));
    });
  }

  it("explore: an index walk, also by cursor and with a tag", async () => {
    const explore: MemoFilter = { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] };
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    expectIndexWalk(await explain((listMemosSql(t.ctx.store.db, t.ctx.store.engine, explore, flat)).walk));
    expectIndexWalk(await explain((listMemosSql(t.ctx.store.db, t.ctx.store.engine, explore, { ...flat, after: second.after })).walk));
    expectIndexWalk(await explain((listMemosSql(t.ctx.store.db, t.ctx.store.engine, { ...explore, tag: "work" }, flat)).walk));
  });

  it("a search reads the newest memos from an index, then finds rarer words through the full-text index", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    for (const filter of [
      { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], text: "memo 12" },
      { creatorId: owner, rowStatus: "NORMAL", pinned: false, text: "memo 12" },
    ] as MemoFilter[]) {
      const steps = searchSql(t.ctx.store.db, t.ctx.store.engine, filter, flat);
      const window = (await explain(steps.window)).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        expect(window, window).not.toMatch(/\bSCAN m\b/);
        expect(window, window).toMatch(/SEARCH m USING (COVERING )?INDEX/);
        const byIndex = (await explain(steps.byIndex)).join("\n");
        expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
        expect(byIndex, byIndex).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(window, window).not.toMatch(/Seq Scan on memo\b/);
      }
    }
  });

  it("a search of 1 or 2 characters finds its candidates through an index: the trigram vocabulary, or the characters", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    for (const text of ["%_", "本", "Zq"]) {
      const filter: MemoFilter = { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], text };
      const byIndex = (await explain(searchSql(t.ctx.store.db, t.ctx.store.engine, filter, flat).byIndex)).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        expect(byIndex, byIndex).toMatch(/SCAN v VIRTUAL TABLE INDEX [1-9]/); // memo_fts_vocab, by a range of terms
        expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
        expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(byIndex, byIndex).toMatch(/Bitmap Index Scan on idx_memo_content_chars/);
        expect(byIndex, byIndex).not.toMatch(/Seq Scan on memo\b/);
      }
    }
  });

  it("a rare tag's list is found through the tag index (the creator's entries for a creator's list), never by a scan", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    // The creator of the rare tag's memos, so that their list has some.
    const tagged = await t.ctx.store.db.selectFrom("memo_tag").select("creator_id").where("tag", "=", "rare/child").executeTakeFirstOrThrow();
    for (const [filter, index] of [
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "rare" }, "idx_memo_tag_tag"],
      [{ creatorId: tagged.creator_id!, rowStatus: "NORMAL", pinned: false, tag: "rare" }, "idx_memo_tag_creator_tag"],
    ] as Array<[MemoFilter, string]>) {
      const steps = await rareTagSql(t.ctx.store.db, t.ctx.store.engine, filter, flat);
      const ids = (await explain(steps.ids)).join("\n");
      const page = (await explain(steps.page)).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        // Both the tag and the range of its children are index ranges (never every entry of the creator).
        expect(ids, ids).toMatch(new RegExp(`SEARCH t USING (COVERING )?INDEX ${index} \\((creator_id=\\? AND )?tag=\\?\\)`));
        expect(ids, ids).toMatch(new RegExp(`SEARCH t USING (COVERING )?INDEX ${index} \\((creator_id=\\? AND )?tag>\\? AND tag<\\?\\)`));
        expect(ids, ids).not.toMatch(/\bSCAN t\b/);
        // The page looks its memos up by primary key: no walk of a display index testing each row.
        expect(page, page).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(page, page).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(ids, ids).not.toMatch(/Seq Scan on memo_tag\b/);
        if (filter.creatorId !== undefined) expect(ids, ids).toMatch(/idx_memo_tag_creator_tag_c/);
        expect(page, page).not.toMatch(/Seq Scan on memo\b/);
        expect(page, page).toMatch(/memo_pkey/);
      }
    }
  });

  it("the windowed heat map reads the display-time index from `from` on", async () => {
    const plan = await explain(displayTimesSql(t.ctx.store.db, t.ctx.store.engine, { creatorId: owner, rowStatus: "NORMAL", fromTs: 1_601_000_000 }));
    expectWindowRead(plan);
  });
});
