// Query plans of the lists in updated order (`orderBy=updated`, v1's `update_time`), on the engine MEMOS_TEST_DRIVER
// picks: every list, explore, a creator's memos of some visibilities, a tag's list and a search's window read their
// page from migration 050's updated-time indexes in order, never by sorting the collection or scanning every memo.
import { describe, expect, it } from "vitest";
import { searchSql } from "../../src/store/sql/memo/memo-search.js";
import { listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/sql/memo/memo.store.js";
import { planFixture } from "./plan-fixture.js";

/** A scan of memo that is not the ordered walk of an updated-time index holding just the memos in scope. */
const UPDATED_WALK_OR_SCAN = /\bSCAN m\b(?! USING (COVERING )?INDEX idx_memo_(normal|public|shared)_updated)/;

describe("updated-order query plans", () => {
  const f = planFixture();
  const { explain, expectFoundByPins, lists } = f;
  const page: MemoPage = { pinnedFirst: true, limit: 30, offset: 0, order: "updated" };
  const second: MemoPage = { ...page, after: { pinned: 0, ts: 1_600_900_000, id: 15_000 } };
  const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0, order: "updated" };
  /** Early in the fixture's history: an oldest-first page after it still has most memos ahead. */
  const oldest = { pinned: 0 as const, ts: 1_600_000_000, id: 5_000 };

  /** The page's rows come out of an updated-time index in order: no sort of memos, no scan of memo. */
  function expectUpdatedWalk(plan: string[], index = /idx_memo_\w*updated/) {
    const text = plan.join("\n");
    expect(text, text).not.toMatch(/display/);
    if (f.store.engine === "sqlite") {
      plan.forEach((line, i) => {
        if (/TEMP B-TREE/.test(line)) expect(plan[i - 1], text).toMatch(/^SCAN w$/);
      });
      expect(text, text).not.toMatch(UPDATED_WALK_OR_SCAN);
      expect(text, text).toMatch(new RegExp(`(SEARCH|SCAN) m USING (COVERING )?INDEX ${index.source}`));
    } else {
      expect(text, text).not.toMatch(/\bSort\b/);
      expect(text, text).not.toMatch(/Seq Scan on memo\b/);
      expect(text, text).toMatch(new RegExp(`Index Scan( Backward)? using ${index.source} on memo m`));
    }
  }

  it("every list: the pinned group through the pins, then an updated-time index walk (first, cursor, offset and oldest-first pages)", async () => {
    for (const [name, filter] of lists) {
      if (filter().fromTs !== undefined) continue;
      for (const each of [
        page,
        second,
        { ...page, offset: 30 },
        { ...page, ascending: true },
        { ...page, ascending: true, after: oldest },
      ]) {
        const sql = await listMemosSql(f.store.db, f.store.engine, filter(), each);
        expect(sql.walk.sql, name).toMatch(/updated_ts/);
        expectFoundByPins(await explain(sql.pinned));
        expectUpdatedWalk(await explain(sql.walk));
      }
    }
  });

  it("a window of display days (from/to) reads an index range or walk, never the whole collection", async () => {
    const [, duration] = lists.find(([, filter]) => filter().fromTs !== undefined)!;
    for (const each of [page, second]) {
      const text = (await explain((await listMemosSql(f.store.db, f.store.engine, duration(), each)).walk)).join("\n");
      if (f.store.engine === "sqlite") {
        expect(text, text).toMatch(/SEARCH m USING INDEX idx_memo_creator_status_\w+ \(creator_id=\? AND row_status=\?/);
        expect(text, text).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(text, text).not.toMatch(/Seq Scan on memo\b/);
        // The planner weighs the window's range of a display index (then ordered) against the creator's updated walk.
        expect(text, text).toMatch(/Index Cond: \(+creator_id = \d+\)/);
      }
    }
  });

  it("explore walks the updated-time index of what its reader may see", async () => {
    const cases: Array<[MemoFilter, string]> = [
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC"] }, "idx_memo_public_updated"],
      [{ rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] }, "idx_memo_shared_updated"],
    ];
    for (const [filter, index] of cases)
      for (const each of [flat, { ...flat, after: second.after }])
        expectUpdatedWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter, each)).walk), new RegExp(index));
  });

  it("a creator's memos of some visibilities walk the updated twin of the visibility index", async () => {
    const index = f.store.engine === "sqlite" ? "idx_memo_visibility_creator_updated" : "idx_memo_creator_\\w+_updated";
    for (const visibilities of [["PUBLIC"], ["PROTECTED", "PUBLIC"]] as MemoFilter["visibilities"][])
      for (const each of [page, second]) {
        const sql = await listMemosSql(f.store.db, f.store.engine, { creatorId: f.hermit, rowStatus: "NORMAL", visibilities }, each);
        expectUpdatedWalk(await explain(sql.walk), new RegExp(index));
        expectFoundByPins(await explain(sql.pinned));
      }
  });

  it("a tag's list walks the tag's entries in updated order (idx_memo_tag_*updated), each memo by primary key", async () => {
    const cases: Array<[MemoFilter, MemoPage, string]> = [
      [{ creatorId: f.owner, rowStatus: "NORMAL", pinned: false, tag: "work" }, flat, "idx_memo_tag_creator_updated"],
      [
        { creatorId: f.owner, rowStatus: "NORMAL", pinned: false, tag: "work" },
        { ...second, pinnedFirst: false },
        "idx_memo_tag_creator_updated",
      ],
      [{ rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], tag: "work" }, flat, "idx_memo_tag_updated"],
    ];
    for (const [filter, each, index] of cases) {
      const text = (await explain((await listMemosSql(f.store.db, f.store.engine, filter, each)).walk)).join("\n");
      expect(text, text).not.toMatch(/display/);
      if (f.store.engine === "sqlite") {
        expect(text, text).toMatch(
          new RegExp(`SEARCH t USING COVERING INDEX ${index} \\((creator_id=\\? AND )?tag=\\?( AND updated_ts<\\?)?\\)`),
        );
        expect(text, text).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(text, text).not.toMatch(/\bSCAN (m|t|memo|memo_tag)\b|TEMP B-TREE/);
      } else {
        expect(text, text).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index} on memo_tag t`));
        expect(text, text).not.toMatch(/\bSort\b|Seq Scan on memo(_tag)?\b/);
      }
    }
  });

  it("a search's window reads the newest edited memos from an updated-time index; a rare text's page looks its matches up", async () => {
    for (const filter of [
      { rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"], text: "memo 12" },
      { creatorId: f.owner, rowStatus: "NORMAL", pinned: false, text: "memo 12" },
    ] as MemoFilter[]) {
      const steps = searchSql(f.store.db, f.store.engine, filter, flat);
      const window = (await explain(steps.window)).join("\n");
      expect(window, window).not.toMatch(/display/);
      if (f.store.engine === "sqlite") {
        expect(window, window).not.toMatch(UPDATED_WALK_OR_SCAN);
        expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_\w*updated/);
        const rare = (await explain(steps.rare)).join("\n");
        expect(rare, rare).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
        expect(rare, rare).not.toMatch(/\bSCAN m\b/);
      } else {
        expect(window, window).not.toMatch(/Seq Scan on memo\b/);
        expect(window, window).toMatch(/Index Scan( Backward)? using idx_memo_\w*updated on memo m/);
      }
    }
  });
});
