// Query plans of every list the app runs, on the engine MEMOS_TEST_DRIVER picks: the page is read from an
// index walk in list order, never by sorting the collection or scanning every memo. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { searchSql } from "../../src/store/memo-search.js";
import { displayTimesSql, listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/memo.store.js";
import { childTagsSql } from "../../src/store/memo-walk.js";

const MEMOS = 30_000;
/** A scan of memo that is not the ordered walk of a display index (a partial one holds just the memos in scope). */
const DISPLAY_WALK_OR_SCAN = /\bSCAN m\b(?! USING (COVERING )?INDEX idx_memo_(normal|public|shared)_display)/;
const BATCH = 500;
const HERMIT_MEMOS = 10_000;
const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

describe("list query plans", () => {
  let t: TestApp;
  let owner: number;
  let hermit: number;

  async function explain(query: CompiledQuery): Promise<string[]> {
    const prefix = t.ctx.store.engine === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
    const result = await t.ctx.store.db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
    return result.rows.map((row) => {
      const record = row as Record<string, unknown>;
      return String(record.detail ?? record["QUERY PLAN"]);
    });
  }

  /**
   * The page's rows come out of an index in order: no sort, no scan of memo (SEARCH only, on SQLite). A merge of
   * walks (SQLite, a creator's memos of two visibilities) sorts only the keys each walk gave (`SCAN w`).
   */
  function expectIndexWalk(plan: string[]) {
    const text = plan.join("\n");
    if (t.ctx.store.engine === "sqlite") {
      plan.forEach((line, i) => {
        if (/TEMP B-TREE/.test(line)) expect(plan[i - 1], text).toMatch(/^SCAN w$/);
      });
      // An index in display order is searched by a prefix, or walked whole when it holds only the memos in scope.
      expect(text, text).not.toMatch(DISPLAY_WALK_OR_SCAN);
      expect(text, text).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_\w*display/);
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
    // A user who keeps almost everything private: 1 memo in 100 public, 1 in 100 protected.
    hermit = (await createUser(t, host, "hermit")).user.id;
    for (let offset = 0; offset < HERMIT_MEMOS; offset += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, i) => {
        const n = offset + i;
        const ts = start + n * 60;
        const visibility = n % 100 === 0 ? ("PUBLIC" as const) : n % 100 === 50 ? ("PROTECTED" as const) : ("PRIVATE" as const);
        return { creator_id: hermit, content: `kept ${n}`, visibility, created_ts: ts, updated_ts: ts, display_ts: ts };
      });
      await db.insertInto("memo").values(rows).execute();
    }
    await db.executeQuery(CompiledQuery.raw("ANALYZE"));
  }, 120_000);
  afterAll(() => t.close());

  const page: MemoPage = { pinnedFirst: true, limit: 30, offset: 0 };
  const second: MemoPage = { ...page, after: { pinned: 0, displayTs: 1_600_900_000, id: 15_000 } };
  const lists: Array<[string, () => MemoFilter]> = [
    ["home", () => ({ creatorId: owner, rowStatus: "NORMAL" })],
    ["home of a v0 client (no rowStatus)", () => ({ creatorId: owner })],
    ["not tagged", () => ({ creatorId: owner, rowStatus: "NORMAL", type: "NOT_TAGGED" })],
    ["linked", () => ({ creatorId: owner, rowStatus: "NORMAL", type: "LINKED" })],
    ["visibility", () => ({ creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] })],
    ["duration", () => ({ creatorId: owner, rowStatus: "NORMAL", fromTs: 1_600_500_000, toTs: 1_600_586_400 })],
    ["archived", () => ({ creatorId: owner, rowStatus: "ARCHIVED" })],
    ["another user's list", () => ({ creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC"] })],
  ];

  for (const [name, filter] of lists) {
    it(`${name}: pinned group through the pins, then an index walk (first page and a cursor page)`, async () => {
      const sql = await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), page);
      expectFoundByPins(await explain(sql.pinned));
      expectIndexWalk(await explain(sql.walk));
      expectIndexWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), second)).walk));
      expectIndexWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), { ...page, offset: 30 })).walk));
    });
  }

  it("explore: an index walk, also by cursor", async () => {
    const explore: MemoFilter = { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] };
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    expectIndexWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, explore, flat)).walk));
    expectIndexWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, explore, { ...flat, after: second.after })).walk));
  });

  /**
   * A creator's memos of some visibilities (a visitor's view, a member's): PostgreSQL walks an index of those only
   * (023); SQLite walks one visibility's range of 024's index, and merges two for a member's view (public and
   * protected), reading only their keys before the page's memos.
   */
  const hermitViews = (): Array<[MemoFilter, string]> =>
    t.ctx.store.engine === "postgres"
      ? [
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PUBLIC"] }, "idx_memo_creator_visibility_display"],
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PROTECTED"] }, "idx_memo_creator_visibility_display"],
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] }, "idx_memo_creator_shared_display"],
        ]
      : [
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PUBLIC"] }, "idx_memo_visibility_creator_display"],
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PROTECTED"] }, "idx_memo_visibility_creator_display"],
          [{ creatorId: hermit, rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] }, "idx_memo_visibility_creator_display"],
        ];

  async function expectHermitViews() {
    for (const [filter, index] of hermitViews()) {
      for (const each of [page, second]) {
        const sql = await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter, each);
        const walk = await explain(sql.walk);
        const text = walk.join("\n");
        expect(text, text).toMatch(
          t.ctx.store.engine === "sqlite"
            ? new RegExp(`SEARCH m USING (COVERING )?INDEX ${index} \\(visibility=\\? AND creator_id=\\?`)
            : new RegExp(`Index Scan Backward using ${index} on memo m`),
        );
        if (t.ctx.store.engine === "sqlite" && (filter.visibilities?.length ?? 0) > 1) {
          expect(text.match(new RegExp(`SEARCH m USING COVERING INDEX ${index}`, "g")), text).toHaveLength(2);
          expect(text, text).toMatch(/SCAN k\nSEARCH m USING INTEGER PRIMARY KEY/);
        }
        expectIndexWalk(walk);
        expectFoundByPins(await explain(sql.pinned));
      }
    }
  }

  it("a creator's memos of one visibility walk an index of those only (a visitor's view of a user who keeps most private)", async () => {
    await expectHermitViews();
  });

  it("explore walks an index of the memos its reader may see: public ones for a visitor, and protected for a member", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    const cases: Array<[MemoFilter, string]> = [
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC"] }, "idx_memo_public_display"],
      [{ rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] }, "idx_memo_shared_display"],
    ];
    for (const [filter, index] of cases) {
      for (const each of [flat, { ...flat, after: second.after }]) {
        const text = (await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter, each)).walk)).join("\n");
        expect(text, text).toMatch(t.ctx.store.engine === "sqlite" ? new RegExp(`(SEARCH|SCAN) m USING INDEX ${index}\\b`) : new RegExp(`Index Scan Backward using ${index} on memo m`));
      }
    }
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
        expect(window, window).not.toMatch(DISPLAY_WALK_OR_SCAN);
        expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_\w*display/);
        const candidates = (await explain(steps.candidates)).join("\n");
        expect(candidates, candidates).toMatch(/SCAN memo_fts VIRTUAL TABLE INDEX 0:M/);
        // The index gives its matches newest first (its keys are display order): read until the page is full, no sort.
        const byIndex = (await explain(steps.byIndex)).join("\n");
        expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
        expect(byIndex, byIndex).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b|TEMP B-TREE/);
      } else {
        expect(window, window).not.toMatch(/Seq Scan on memo\b/);
      }
      // A rare text's page looks its few matches up by primary key: no walk of a display index testing each.
      const rare = (await explain(steps.rare)).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        expect(rare, rare).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(rare, rare).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(rare, rare).toMatch(/memo_pkey/);
        expect(rare, rare).not.toMatch(/Seq Scan on memo\b/);
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
        // A text without case is matched as it is (LIKE, ~~): ILIKE (~~*) would lower every row it checks.
        const probe = (await explain(searchSql(t.ctx.store.db, t.ctx.store.engine, filter, flat).candidates)).join("\n");
        for (const plan of [byIndex, probe]) expect(plan, plan).toMatch(text === "Zq" ? /content ~~\* / : /content ~~ /);
      }
    }
  });

  /**
   * A tag's page walks the tag's memo_tag entries in display order, one index range per tag (the tag, each child),
   * each memo looked up by primary key: no scan of memo or memo_tag, and no sort but of the walks' few rows when
   * children are merged.
   */
  function expectTagEntryWalk(plan: string[], index: string, arms: number) {
    const text = plan.join("\n");
    if (t.ctx.store.engine === "sqlite") {
      const walks = text.match(new RegExp(`SEARCH t USING COVERING INDEX ${index} \\((creator_id=\\? AND )?tag=\\?( AND display_ts<\\?)?\\)`, "g")) ?? [];
      expect(walks, text).toHaveLength(arms);
      expect(text, text).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
      expect(text, text).not.toMatch(/\bSCAN (m|t|memo|memo_tag)\b/);
      if (arms === 1) expect(text, text).not.toMatch(/TEMP B-TREE/);
      // A merge sorts only the rows the walks gave (their subqueries), never a table.
      plan.forEach((line, i) => {
        if (/TEMP B-TREE/.test(line)) expect(plan[i - 1], text).toMatch(/^SCAN w$/);
      });
    } else {
      // PostgreSQL prices a walk against fetching a rare tag's few entries and sorting them: both read the entries
      // through the tag's index, and a common tag (one arm here) is walked backward in display order, unsorted.
      expect(text, text).not.toMatch(/Seq Scan on memo(_tag)?\b/);
      expect(text, text).toMatch(/memo_pkey/);
      expect(text, text).toMatch(/idx_memo_tag_(creator_)?display/);
      if (arms === 1) {
        expect(text, text).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index} on memo_tag t`));
        expect(text, text).not.toMatch(/\bSort\b/);
      }
    }
  }

  it("a tag's list walks the tag's entries in display order, merged with its children's, on every page", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    // The creator of the rare tag's memos, so that their list has some.
    const tagged = await t.ctx.store.db.selectFrom("memo_tag").select("creator_id").where("tag", "=", "rare/child").executeTakeFirstOrThrow();
    const cases: Array<[MemoFilter, MemoPage, string, number]> = [
      [{ creatorId: owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, flat, "idx_memo_tag_creator_display", 1],
      [{ creatorId: owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, second, "idx_memo_tag_creator_display", 1],
      [{ creatorId: owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, { ...flat, offset: 30 }, "idx_memo_tag_creator_display", 1],
      [{ creatorId: tagged.creator_id!, rowStatus: "NORMAL", pinned: false, tag: "rare" }, flat, "idx_memo_tag_creator_display", 2],
      [{ creatorId: tagged.creator_id!, rowStatus: "NORMAL", pinned: false, tag: "rare" }, second, "idx_memo_tag_creator_display", 2],
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "work" }, flat, "idx_memo_tag_display", 1],
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "rare" }, flat, "idx_memo_tag_display", 2],
    ];
    for (const [filter, page, index, arms] of cases) {
      expectTagEntryWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter, page)).walk), index, arms);
    }
  });

  it("a tag's children are found by one index seek each, never by reading the tag's entries", async () => {
    for (const creatorId of [owner, undefined]) {
      const text = (await explain(childTagsSql(t.ctx.store.db, t.ctx.store.engine, "work", creatorId))).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        expect(text, text).toMatch(/SEARCH (memo_tag|t) USING COVERING INDEX idx_memo_tag_(creator_)?display \((creator_id=\? AND )?tag>\? AND tag<\?\)/);
        expect(text, text).not.toMatch(/\bSCAN (t|memo_tag)\b/);
      } else {
        expect(text, text).not.toMatch(/Seq Scan on memo_tag\b/);
        expect(text, text).toMatch(/Index (Only )?Scan using idx_memo_tag_(creator_)?display on memo_tag t/);
      }
    }
  });

  it("the windowed heat map reads the display-time index from `from` on", async () => {
    const plan = await explain(displayTimesSql(t.ctx.store.db, t.ctx.store.engine, { creatorId: owner, rowStatus: "NORMAL", fromTs: 1_601_000_000 }));
    expectWindowRead(plan);
  });

  /** Every list's pinned group and walk, first page, cursor page and offset page: no sort, no scan of memo. */
  async function expectEveryListWalks(state: string) {
    for (const [name, filter] of lists) {
      for (const each of [page, second, { ...page, offset: 30 }]) {
        const sql = await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter(), each);
        const [pinned, walk] = [await explain(sql.pinned), await explain(sql.walk)];
        expect(`${pinned.join("\n")}\n${walk.join("\n")}`, `${name}, ${state}`).not.toMatch(/\bSCAN m\b/);
        expectFoundByPins(pinned);
        expectIndexWalk(walk);
      }
    }
    await expectHermitViews();
  }

  const run = (text: string, values: readonly unknown[] = []) => t.ctx.store.db.executeQuery(CompiledQuery.raw(text, [...values]));

  /** SQLite: runs `check` after `change` has altered the planner's statistics (every connection reloads them), then restores them. */
  async function withStatistics(change: (tables: string[]) => Promise<void>, check: () => Promise<void>) {
    // `ANALYZE sqlite_schema` loads them afresh on the connection that runs it; a schema change makes every other
    // connection (the readers') load the schema again, statistics included.
    const reload = async () => {
      await run("ANALYZE sqlite_schema");
      await run("CREATE TABLE plan_reload (x)");
      await run("DROP TABLE plan_reload");
    };
    // SQLite built with STAT4 keeps samples per index beside sqlite_stat1's rows: both are kept, both come back.
    const tables = ["sqlite_stat1"];
    if ((await run("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'")).rows.length > 0) tables.push("sqlite_stat4");
    for (const table of tables) await run(`CREATE TEMP TABLE kept_${table} AS SELECT * FROM ${table}`);
    await change(tables);
    await reload();
    try {
      await check();
    } finally {
      for (const table of tables) {
        await run(`DELETE FROM ${table}`);
        await run(`INSERT INTO ${table} SELECT * FROM temp.kept_${table}`);
        await run(`DROP TABLE temp.kept_${table}`);
      }
      await reload();
    }
  }

  const removeStatistics = (where: string, parameters: unknown[]) => async (tables: string[]) => {
    for (const table of tables) await run(`DELETE FROM ${table} WHERE ${where}`, parameters);
  };

  /**
   * The statistics ANALYZE would write for an instance 40 times this one (1.2M memos): each count scaled, the
   * samples dropped. At that size the planner weighs a sort of "ten rows" (its guess for an index without
   * statistics) against a walk of tens of thousands, as this test's instance does not show it.
   */
  const scaleStatistics = async (tables: string[]) => {
    const rows = (await run("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE idx IS NOT NULL")).rows as Array<{ tbl: string; idx: string; stat: string }>;
    for (const row of rows) {
      const [total, ...perKey] = row.stat.split(" ").map(Number);
      const scaled = [total! * 40, ...perKey.map((n, i) => (i === perKey.length - 1 ? n : n * 40))].join(" ");
      await run("UPDATE sqlite_stat1 SET stat = ? WHERE tbl = ? AND idx = ?", [scaled, row.tbl, row.idx]);
    }
    if (tables.includes("sqlite_stat4")) await run("DELETE FROM sqlite_stat4");
  };

  // Nothing runs ANALYZE on an instance: SQLite plans without statistics, by its rules alone. Every list, explore,
  // a visitor's view and a search's steps must walk an index in display order all the same.
  it("SQLite without any statistics (as every instance runs): every list still walks an index in display order", async () => {
    if (t.ctx.store.engine !== "sqlite") return;
    await withStatistics(removeStatistics("1", []), async () => {
      expect((await run("SELECT count(*) AS n FROM sqlite_stat1")).rows).toEqual([{ n: 0 }]);
      await expectEveryListWalks("no statistics");
      const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
      for (const filter of [
        { rowStatus: "NORMAL", visibilities: ["PUBLIC"] },
        { rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] },
      ] as MemoFilter[]) {
        expectIndexWalk(await explain((await listMemosSql(t.ctx.store.db, t.ctx.store.engine, filter, flat)).walk));
        const window = (await explain(searchSql(t.ctx.store.db, t.ctx.store.engine, { ...filter, text: "memo 12" }, flat).window)).join("\n");
        expect(window, window).not.toMatch(DISPLAY_WALK_OR_SCAN);
        expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_(public|shared)_display/);
      }
    });
  });

  // A user who ran ANALYZE and then upgraded has statistics for the older indexes and none for the new ones (023's
  // once took a creator's home list and sorted all their memos). Each index of memo in turn goes without, with the
  // statistics of this instance and with those of a big one.
  it("SQLite with one index's statistics missing: every list still walks an index in display order", async () => {
    if (t.ctx.store.engine !== "sqlite") return;
    const stats = (await run("SELECT idx FROM sqlite_stat1 WHERE tbl = 'memo' AND idx IS NOT NULL")).rows as Array<{ idx: string }>;
    expect(stats.map((row) => row.idx)).toEqual(expect.arrayContaining(["idx_memo_creator_status_display", "idx_memo_visibility_creator_display"]));
    for (const { idx } of stats) {
      const without = removeStatistics("tbl = 'memo' AND idx = ?", [idx]);
      await withStatistics(without, () => expectEveryListWalks(`${idx} without statistics`));
      await withStatistics(
        async (tables) => {
          await scaleStatistics(tables);
          await without(tables);
        },
        () => expectEveryListWalks(`${idx} without statistics, the others a big instance's`),
      );
    }
  });
});
