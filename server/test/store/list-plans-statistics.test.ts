// SQLite's plans with the planner statistics an instance may have: none (nothing runs ANALYZE on an instance),
// or, after a user ran it and then upgraded, none for the new indexes. Every list must still walk an index in
// display order.
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { searchSql } from "../../src/store/sql/memo/memo-search.js";
import { listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/sql/memo/memo.store.js";
import { TEST_DRIVER } from "../harness.js";
import { DISPLAY_WALK_OR_SCAN, planFixture } from "./plan-fixture.js";

describe.runIf(TEST_DRIVER === "sqlite")("list query plans without planner statistics (SQLite)", () => {
  const f = planFixture();
  const { explain, expectIndexWalk, expectEveryListWalks } = f;

  const run = (text: string, values: readonly unknown[] = []) => f.store.db.executeQuery(CompiledQuery.raw(text, [...values]));

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
    const rows = (await run("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE idx IS NOT NULL")).rows as Array<{
      tbl: string;
      idx: string;
      stat: string;
    }>;
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
    await withStatistics(removeStatistics("1", []), async () => {
      expect((await run("SELECT count(*) AS n FROM sqlite_stat1")).rows).toEqual([{ n: 0 }]);
      await expectEveryListWalks("no statistics");
      const flat: MemoPage = { pinnedFirst: false, limit: 30, offset: 0 };
      for (const filter of [
        { rowStatus: "NORMAL", visibilities: ["PUBLIC"] },
        { rowStatus: "NORMAL", visibilities: ["PROTECTED", "PUBLIC"] },
      ] as MemoFilter[]) {
        expectIndexWalk(await explain((await listMemosSql(f.store.db, f.store.engine, filter, flat)).walk));
        const window = (await explain(searchSql(f.store.db, f.store.engine, { ...filter, text: "memo 12" }, flat).window)).join("\n");
        expect(window, window).not.toMatch(DISPLAY_WALK_OR_SCAN);
        expect(window, window).toMatch(/(SEARCH|SCAN) m USING (COVERING )?INDEX idx_memo_(public|shared)_display/);
      }
    });
  });

  // A user who ran ANALYZE and then upgraded has statistics for the older indexes and none for the new ones (023's
  // once took a creator's home list and sorted all their memos). Each index of memo in turn goes without, with the
  // statistics of this instance and with those of a big one.
  it("SQLite with one index's statistics missing: every list still walks an index in display order", async () => {
    const stats = (await run("SELECT idx FROM sqlite_stat1 WHERE tbl = 'memo' AND idx IS NOT NULL")).rows as Array<{ idx: string }>;
    expect(stats.map((row) => row.idx)).toEqual(
      expect.arrayContaining(["idx_memo_creator_status_display", "idx_memo_visibility_creator_display"]),
    );
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
    // Each of memo's indexes twice over (about twenty since migration 050's updated-time twins): longer than one check.
  }, 120_000);
});
