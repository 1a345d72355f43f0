// Query plans of every list the app runs, on the engine MEMOS_TEST_DRIVER picks: the page is read from an
// index walk in list order, never by sorting the collection or scanning every memo. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { searchSql } from "../../src/store/sql/memo/memo-search.js";
import { readMemoList } from "../../src/services/memo-query.js";
import { displayTimesSql, firstMemoSql, listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/sql/memo/memo.store.js";
import { childTagsSql } from "../../src/store/sql/memo/memo-walk.js";
import { tagEntryPage } from "../../src/store/sql/tag-rename.store.js";
import { DISPLAY_WALK_OR_SCAN, planFixture } from "./plan-fixture.js";
import type { Viewer } from "../../src/context.js";
import { scopedFilters } from "../../src/services/memo-alternatives.service.js";
import { filterAlternatives } from "../../src/v1/filter/filter-plan.js";
import { compileMemoFilter } from "../../src/v1/filter/memo-cel.js";

describe("list query plans", () => {
  const f = planFixture();
  const { explain, expectIndexWalk, expectFoundByPins, expectWindowRead, page, second, lists, expectHermitViews } = f;

  for (const [name, filter] of lists) {
    it(`${name}: pinned group through the pins, then an index walk (first page and a cursor page)`, async () => {
      const sql = await listMemosSql(f.store.db, f.store.engine, filter(), page);
      expectFoundByPins(await explain(sql.pinned));
      expectIndexWalk(await explain(sql.walk));
      expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter(), second)).walk));
      expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter(), { ...page, offset: 30 })).walk));
    });
  }

  it("explore: an index walk, also by cursor", async () => {
    const explore: MemoFilter = { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] };
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, explore, flat)).walk));
    expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, explore, { ...flat, after: second.after })).walk));
  });

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
        const text = (await explain((await listMemosSql(f.store.db, f.store.engine, filter, each)).walk)).join("\n");
        expect(text, text).toMatch(
          f.store.engine === "sqlite"
            ? new RegExp(`(SEARCH|SCAN) m USING INDEX ${index}\\b`)
            : new RegExp(`Index Scan Backward using ${index} on memo m`),
        );
      }
    }
  });

  it("a search reads the newest memos from an index, then finds rarer words through the full-text index", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    for (const filter of [
      { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], text: "memo 12" },
      { creatorId: f.owner, rowStatus: "NORMAL", pinned: false, text: "memo 12" },
    ] as MemoFilter[]) {
      const steps = searchSql(f.store.db, f.store.engine, filter, flat);
      const window = (await explain(steps.window)).join("\n");
      if (f.store.engine === "sqlite") {
        expect(window, window).not.toMatch(DISPLAY_WALK_OR_SCAN);
        expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_\w*display/);
        const candidates = (await explain(steps.candidates!)).join("\n");
        expect(candidates, candidates).toMatch(/SCAN memo_fts VIRTUAL TABLE INDEX 0:M/);
        // The index gives its matches newest first (its keys are display order): read until the page is full, no sort.
        const byIndex = (await explain(steps.byIndex)).join("\n");
        expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
        expect(byIndex, byIndex).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b|TEMP B-TREE/);
      } else {
        expect(window, window).not.toMatch(/Seq Scan on memo\b/);
        // An ASCII text is checked folding ASCII only (the "C" collation), a third of ILIKE's cost per row.
        expect(steps.window.sql).toContain(`COLLATE "C" ILIKE`);
      }
      const rare = (await explain(steps.rare)).join("\n");
      if (f.store.engine === "sqlite") {
        // A rare text's page looks its few candidates up by primary key: no walk of a display index testing each.
        expect(rare, rare).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(rare, rare).not.toMatch(/\bSCAN m\b/);
      } else {
        // Read with the "rare?" question, the page comes from the probe's own rows (memo is read once, by the
        // probe), and only when they are few.
        expect(rare, rare).toMatch(/One-Time Filter: \(\(count\(\*\)\) <= /);
        expect(rare, rare).toMatch(/CTE Scan on found m\b/);
        expect(rare.match(/ on memo m\w*\b/g), rare).toHaveLength(1);
      }
    }
  });

  it("a search of two words, and one with a quoted phrase, drive the same indexes with the longest term", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    for (const search of ["memo work", '"memo 12" work']) {
      const { narrowing } = readMemoList({ search });
      expect(narrowing.terms).toEqual(["work"]);
      for (const scope of [
        { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] },
        { creatorId: f.owner, rowStatus: "NORMAL", pinned: false },
      ] as MemoFilter[]) {
        const filter = { ...scope, ...narrowing };
        const steps = searchSql(f.store.db, f.store.engine, filter, flat);
        const window = (await explain(steps.window)).join("\n");
        const rare = (await explain(steps.rare)).join("\n");
        if (f.store.engine === "sqlite") {
          expect(window, window).not.toMatch(DISPLAY_WALK_OR_SCAN);
          expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_\w*display/);
          // The full-text query asks for both terms: FTS5 intersects their lists.
          expect(steps.candidates!.parameters).toContain(`("${narrowing.text}") AND ("work")`);
          const candidates = (await explain(steps.candidates!)).join("\n");
          expect(candidates, candidates).toMatch(/SCAN memo_fts VIRTUAL TABLE INDEX 0:M/);
          const byIndex = (await explain(steps.byIndex)).join("\n");
          expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
          expect(byIndex, byIndex).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
          expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b|TEMP B-TREE/);
          expect(rare, rare).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
          expect(rare, rare).not.toMatch(/\bSCAN m\b/);
        } else {
          expect(window, window).not.toMatch(/Seq Scan on memo\b/);
          // Each term is checked folding ASCII only.
          expect(steps.window.sql.match(/COLLATE "C" ILIKE/g)).toHaveLength(2);
          expect(rare, rare).toMatch(/One-Time Filter: \(\(count\(\*\)\) <= /);
          expect(rare, rare).toMatch(/CTE Scan on found m\b/);
          expect(rare.match(/ on memo m\w*\b/g), rare).toHaveLength(1);
        }
      }
    }
  });

  it("a search of 1 or 2 characters finds its candidates through an index: the trigram vocabulary, or the characters", async () => {
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
    for (const text of ["%_", "本", "Zq"]) {
      const filter: MemoFilter = { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], text };
      const byIndex = (await explain(searchSql(f.store.db, f.store.engine, filter, flat).byIndex)).join("\n");
      if (f.store.engine === "sqlite") {
        expect(byIndex, byIndex).toMatch(/SCAN v VIRTUAL TABLE INDEX [1-9]/); // memo_fts_vocab, by a range of terms
        expect(byIndex, byIndex).toMatch(/memo_fts VIRTUAL TABLE/);
        expect(byIndex, byIndex).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(byIndex, byIndex).toMatch(/Bitmap Index Scan on idx_memo_content_chars/);
        expect(byIndex, byIndex).not.toMatch(/Seq Scan on memo\b/);
        // A text without case is matched as it is (LIKE, ~~): ILIKE (~~*) would lower every row it checks.
        const probe = (await explain(searchSql(f.store.db, f.store.engine, filter, flat).rare)).join("\n");
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
    if (f.store.engine === "sqlite") {
      const walks =
        text.match(new RegExp(`SEARCH t USING COVERING INDEX ${index} \\((creator_id=\\? AND )?tag=\\?( AND display_ts<\\?)?\\)`, "g")) ??
        [];
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
    const tagged = await f.store.db.selectFrom("memo_tag").select("creator_id").where("tag", "=", "rare/child").executeTakeFirstOrThrow();
    const cases: Array<[MemoFilter, MemoPage, string, number]> = [
      [{ creatorId: f.owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, flat, "idx_memo_tag_creator_display", 1],
      [{ creatorId: f.owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, second, "idx_memo_tag_creator_display", 1],
      [{ creatorId: f.owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, { ...flat, offset: 30 }, "idx_memo_tag_creator_display", 1],
      [{ creatorId: tagged.creator_id!, rowStatus: "NORMAL", pinned: false, tag: "rare" }, flat, "idx_memo_tag_creator_display", 2],
      [{ creatorId: tagged.creator_id!, rowStatus: "NORMAL", pinned: false, tag: "rare" }, second, "idx_memo_tag_creator_display", 2],
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "work" }, flat, "idx_memo_tag_display", 1],
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "rare" }, flat, "idx_memo_tag_display", 2],
    ];
    for (const [filter, page, index, arms] of cases) {
      expectTagEntryWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter, page)).walk), index, arms);
    }
  });

  it("a v1 filter of a creator and a tag walks the creator's entries of the tag, for the creator, a member and a visitor", async () => {
    const { username } = await f.store.db.selectFrom("user").select("username").where("id", "=", f.owner).executeTakeFirstOrThrow();
    const node = await compileMemoFilter(`creator == "users/${username}" && "work" in tags`, BigInt(Date.now()) * 1_000_000n);
    const alternatives = filterAlternatives(node, new Map([[username, f.owner]]));
    const actor = (id: number): Viewer => ({ id, role: "USER", username: `u${id}`, via: "token", sessionId: null });
    for (const viewer of [actor(f.owner), actor(f.owner + 1), null]) {
      const [filter, ...others] = scopedFilters(viewer, "NORMAL", alternatives);
      expect(others).toEqual([]);
      for (const page of [
        { pinnedFirst: false, limit: 51, offset: 0 },
        { ...second, pinnedFirst: false, limit: 51 },
      ]) {
        expectTagEntryWalk(
          await explain((await listMemosSql(f.store.db, f.store.engine, filter!, page)).walk),
          "idx_memo_tag_creator_display",
          1,
        );
      }
    }
  });

  it("a v1 property filter checks each memo's stored flags, never its text: on SQLite on the list's index walk", async () => {
    const { username } = await f.store.db.selectFrom("user").select("username").where("id", "=", f.owner).executeTakeFirstOrThrow();
    const actor = (id: number): Viewer => ({ id, role: "USER", username: `u${id}`, via: "token", sessionId: null });
    for (const expression of [`creator == "users/${username}" && has_link`, "has_task_list && !has_code", "has_incomplete_tasks"]) {
      const node = await compileMemoFilter(expression, BigInt(Date.now()) * 1_000_000n);
      const alternatives = filterAlternatives(node, new Map([[username, f.owner]]));
      for (const viewer of [actor(f.owner), actor(f.owner + 1), null]) {
        for (const filter of scopedFilters(viewer, "NORMAL", alternatives)) {
          const { walk } = await listMemosSql(f.store.db, f.store.engine, filter, { pinnedFirst: false, limit: 51, offset: 0 });
          expect(walk.sql, expression).toMatch(/property_flags/);
          expect(walk.sql, expression).not.toMatch(/REGEXP|content ~|content LIKE/);
          const plan = await explain(walk);
          // PostgreSQL estimates the condition from the flags' statistics and weighs the display walk against the
          // scope's index and a sort of the matches, by how many match (a task list: none in the fixture; a link: 1 in 11).
          if (f.store.engine === "sqlite") expectIndexWalk(plan);
          else expect(plan.join("\n"), expression).not.toMatch(/Seq Scan on memo /);
        }
      }
    }
  });

  /**
   * PostgreSQL, every creator's pins: the memos found by primary key from the pinned ids, never a scan of memo; the
   * planner may sort the pins (memo_organizer's pinned rows) to merge them, never the memos.
   */
  function expectEveryPinLookedUp(text: string) {
    expect(text, text).not.toMatch(/Seq Scan on memo\b/);
    expect(text, text).toMatch(/Index (Only )?Scan using memo_pkey on memo m/);
    expect(text, text).not.toMatch(/Sort Key: m\./);
  }

  it("v1's pinned-first feed (`pinned desc, create_time desc`): each scope's pins found through memo_organizer, then an index walk", async () => {
    const actor = (id: number): Viewer => ({ id, role: "USER", username: `u${id}`, via: "token", sessionId: null });
    for (const viewer of [actor(f.owner), actor(f.owner + 1), null]) {
      const filters = scopedFilters(viewer, "NORMAL", [{}]);
      expect(filters.length).toBeGreaterThan(0);
      for (const filter of filters) {
        for (const each of [page, second]) {
          const sql = await listMemosSql(f.store.db, f.store.engine, filter, { ...each, limit: 51 });
          const pinned = await explain(sql.pinned);
          if (filter.creatorId !== undefined || f.store.engine === "sqlite") expectFoundByPins(pinned);
          else expectEveryPinLookedUp(pinned.join("\n"));
          expectIndexWalk(await explain(sql.walk));
        }
      }
    }
  });

  it("oldest first (v1's `create_time asc`): the same index walks read the other way, every list, explore and a tag", async () => {
    const after = { pinned: 0 as const, ts: 1_600_000_000, id: 5_000 };
    for (const [name, filter] of lists) {
      for (const each of [page, { ...page, after }]) {
        const sql = await listMemosSql(f.store.db, f.store.engine, filter(), { ...each, ascending: true });
        expectFoundByPins(await explain(sql.pinned));
        expectIndexWalk(await explain(sql.walk));
        expect(sql.walk.sql, name).toMatch(/ asc/i);
      }
    }
    const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0, ascending: true };
    for (const filter of [
      { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] },
      { rowStatus: "NORMAL", visibilities: ["PUBLIC"] },
    ] as MemoFilter[]) {
      expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter, flat)).walk));
      expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter, { ...flat, after })).walk));
    }
  });

  it("a tag's children are found by one index seek each, never by reading the tag's entries", async () => {
    // Either of memo_tag's (creator, tag, time) indexes, the display one or its updated twin (050), serves the seek.
    for (const creatorId of [f.owner, undefined]) {
      const text = (await explain(childTagsSql(f.store.db, f.store.engine, "work", creatorId))).join("\n");
      if (f.store.engine === "sqlite") {
        expect(text, text).toMatch(
          /SEARCH (memo_tag|t) USING COVERING INDEX idx_memo_tag_(creator_)?(display|updated) \((creator_id=\? AND )?tag>\? AND tag<\?\)/,
        );
        expect(text, text).not.toMatch(/\bSCAN (t|memo_tag)\b/);
      } else {
        expect(text, text).not.toMatch(/Seq Scan on memo_tag\b/);
        expect(text, text).toMatch(/Index (Only )?Scan using idx_memo_tag_(creator_)?(display|updated) on memo_tag t/);
      }
    }
  });

  it("a tag rename reads the creator's entries of the tag and those under it a page at a time, each page one index range in its order", async () => {
    const after = { tag: "work", displayTs: 1_600_900_000, memoId: 15_000 };
    for (const position of [undefined, after]) {
      const text = (await explain(tagEntryPage(f.store.db, f.store.engine, f.owner, "work", position, 500).compile())).join("\n");
      if (f.store.engine === "sqlite") {
        // A later page starts where the last one stopped: the position is the range's lower end.
        const range = position
          ? /\(creator_id=\? AND \(tag,display_ts,memo_id\)>\(\?,\?,\?\) AND tag<\?\)/
          : /\(creator_id=\? AND tag>\? AND tag<\?\)/;
        expect(text, text).toMatch(new RegExp(`SEARCH memo_tag USING COVERING INDEX idx_memo_tag_creator_display ${range.source}`));
        expect(text, text).not.toMatch(/TEMP B-TREE|\bSCAN memo_tag\b/);
      } else {
        expect(text, text).toMatch(/Index Only Scan using idx_memo_tag_creator_display on memo_tag/);
        if (position) expect(text, text).toMatch(/Index Cond: \(\(ROW\(creator_id, tag, display_ts, memo_id\) > ROW\(/);
        expect(text, text).not.toMatch(/\bSort\b|Seq Scan/);
      }
    }
  });

  it("the windowed heat map reads the display-time index from `from` on", async () => {
    const plan = await explain(
      displayTimesSql(f.store.db, f.store.engine, { creatorId: f.owner, rowStatus: "NORMAL", fromTs: 1_601_000_000 }),
    );
    expectWindowRead(plan);
  });

  it("the calendar's first memo of a day is one step of the display-time index from the day's start: no scan, no sort", async () => {
    const day = { creatorId: f.owner, rowStatus: "NORMAL" as const, fromTs: 1_601_000_000, toTs: 1_601_086_400 };
    for (const filter of [day, { ...day, visibilities: ["PUBLIC" as const] }]) {
      const text = (await explain(firstMemoSql(f.store.db, f.store.engine, filter))).join("\n");
      if (f.store.engine === "sqlite") {
        expect(text, text).toMatch(
          /SEARCH m USING (COVERING )?INDEX idx_memo_\w*display\w* \((visibility=\? AND )?creator_id=\? AND .*display_ts>\? AND display_ts<\?\)/,
        );
        expect(text, text).not.toMatch(/\bSCAN m\b|TEMP B-TREE/);
      } else {
        expect(text, text).toMatch(/Index Cond: \(\(creator_id = \d+\) AND .*display_ts >= .*display_ts < /);
        expect(text, text).not.toMatch(/Seq Scan on memo\b|\bSort\b/);
      }
    }
  });

  it("v0's heat map without `from` and v1's user stats read the creator's memos from one index alone, newest created first: no row, no sort", async () => {
    // As autovacuum leaves a table that was written to (PostgreSQL 13+ vacuums after inserts too): the visibility map
    // says the pages are all visible, which an index-only read counts on. Last in this file: it changes the table.
    if (f.store.engine === "postgres") await f.store.db.executeQuery(CompiledQuery.raw("VACUUM (ANALYZE) memo"));
    await f.expectStatsFromIndexAlone();
    await f.expectUserStatsFromIndexes();
  });
});
