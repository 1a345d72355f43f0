// The instance the query-plan tests read plans from (list-plans*.test.ts): 40,000 memos of four users with ties,
// tags, pins and archived memos, and a user who keeps nearly everything private; with the checks of a plan that
// reads a page from an index walk in list order, never by sorting the collection or scanning every memo; and of
// v0's heat map, read from one index alone.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createUser, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { memoPropertyFlags } from "@memos/common";
import { displayTimesSql, listMemosSql, type MemoFilter, type MemoPage } from "../../src/store/sql/memo/memo.store.js";
import {
  countMemoStatsSql,
  countTagStatsSql,
  listMemoTimesSql,
  listPinnedStatsSql,
  type StatScope,
} from "../../src/store/sql/memo/user-stats.store.js";

const MEMOS = 30_000;
/** A scan of memo that is not the ordered walk of a display index (a partial one holds just the memos in scope). */
export const DISPLAY_WALK_OR_SCAN = /\bSCAN m\b(?! USING (COVERING )?INDEX idx_memo_(normal|public|shared)_display)/;
const BATCH = 500;
const HERMIT_MEMOS = 10_000;
const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

/** Registers the instance's set-up and tear-down in the calling suite; the checks read plans from it. */
export function planFixture() {
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

  /**
   * v0's heat map without `from` (every display time of a creator, newest created first) reads one index alone,
   * in its order: no memo row, no sort; for the owner, a member and a visitor.
   */
  async function expectStatsFromIndexAlone(state = "") {
    const scopes: MemoFilter[] = [
      { creatorId: owner, rowStatus: "NORMAL" },
      { creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] },
      { creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC"] },
    ];
    for (const filter of scopes) {
      const text = (await explain(displayTimesSql(t.ctx.store.db, t.ctx.store.engine, filter))).join("\n");
      if (t.ctx.store.engine === "sqlite") {
        expect(text, `${state}\n${text}`).toMatch(
          /SEARCH m USING COVERING INDEX idx_memo_creator_status_created \(creator_id=\? AND row_status=\?\)/,
        );
        expect(text, `${state}\n${text}`).not.toMatch(/TEMP B-TREE|\bSCAN m\b|memo_organizer/);
      } else {
        expect(text, text).toMatch(/Index Only Scan Backward using idx_memo_creator_status_created on memo m/);
        expect(text, text).not.toMatch(/\bSort\b|Seq Scan|memo_organizer|Heap/);
      }
    }
  }

  /**
   * v1's user stats of a creator, for the owner, a member and a visitor: the counts and the times read the stats index
   * alone (no memo row, no sort: the times in its order), the tag counts the maintained counts (the owner) or the
   * creator's tag entries, each memo by primary key, and the pins the creator's pins, each memo by primary key.
   */
  async function expectUserStatsFromIndexes(state = "") {
    const { db, engine } = t.ctx.store;
    const scopes: StatScope[] = [
      { creatorId: owner, rowStatus: "NORMAL" },
      { creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC", "PROTECTED"] },
      { creatorId: owner, rowStatus: "NORMAL", visibilities: ["PUBLIC"] },
    ];
    const plan = async (query: { compile(db: typeof t.ctx.store.db): CompiledQuery }) => (await explain(query.compile(db))).join("\n");
    for (const scope of scopes) {
      const label = `${state} ${JSON.stringify(scope)}`;
      const creatorScope = { ...scope, creatorId: owner };
      for (const text of [
        await plan(countMemoStatsSql(engine, scope)),
        // The first page of the times, and a later one (from after a created time and id).
        await plan(listMemoTimesSql(engine, creatorScope, { limit: 5000 })),
        await plan(listMemoTimesSql(engine, creatorScope, { before: [1_600_000_000 + 600 * 60, 600], limit: 5000 })),
      ]) {
        if (engine === "sqlite") {
          expect(text, `${label}\n${text}`).toMatch(
            /SEARCH m USING COVERING INDEX idx_memo_creator_status_created \(creator_id=\? AND row_status=\?( AND created_ts<\?)?\)/,
          );
          expect(text, `${label}\n${text}`).not.toMatch(/TEMP B-TREE|\bSCAN m\b/);
        } else {
          expect(text, `${label}\n${text}`).toMatch(/Index Only Scan( Backward)? using idx_memo_creator_status_created on memo m/);
          expect(text, `${label}\n${text}`).not.toMatch(/\bSort\b|Seq Scan/);
        }
      }
      const tags = await plan(countTagStatsSql(engine, scope));
      const pins = await plan(listPinnedStatsSql(engine, scope));
      if (engine === "sqlite") {
        if (scope.visibilities === undefined)
          expect(tags, `${label}\n${tags}`).toMatch(/SEARCH c USING INDEX sqlite_autoindex_memo_tag_count_1 \(creator_id=\?\)/);
        else {
          expect(tags, `${label}\n${tags}`).toMatch(
            /SEARCH t USING COVERING INDEX idx_memo_tag_creator_(display|updated) \(creator_id=\?\)\nSEARCH m USING INTEGER PRIMARY KEY/,
          );
          expect(tags, `${label}\n${tags}`).not.toMatch(/TEMP B-TREE/);
        }
        expect(pins, `${label}\n${pins}`).toMatch(
          /SEARCH p USING INDEX idx_memo_organizer_user \(user_id=\?\)\nSEARCH m USING INTEGER PRIMARY KEY/,
        );
      } else {
        // The memos are read by index; memo_tag_count and memo_organizer hold a few rows a user, and the fixture's memo_tag
        // few enough that a scan of them may be the cheapest read.
        expect(`${tags}\n${pins}`, `${label}\n${tags}\n${pins}`).not.toMatch(/Seq Scan on memo /);
      }
    }
    // Everyone's times (ListAllUserStats) are each creator's, read by the query above with that creator.
  }

  beforeAll(async () => {
    t = await createTestApp({ freshDatabase: true });
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
        const content = `memo ${n}${n % 3 === 0 ? " #work" : ""}${n % 11 === 0 ? " [a](https://example.com)" : ""}`;
        return {
          creator_id: users[n % users.length]!,
          content,
          property_flags: memoPropertyFlags(content),
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
        const pins = inserted
          .filter((memo) => memo.id % 97 === 0)
          .map((memo) => ({ memo_id: memo.id, user_id: memo.creator_id, pinned: 1 }));
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
        return { creator_id: hermit, content: `kept ${n}`, property_flags: 0, visibility, created_ts: ts, updated_ts: ts, display_ts: ts };
      });
      await db.insertInto("memo").values(rows).execute();
    }
    // PostgreSQL guesses how many memos a content pattern (the "linked" list's) matches from the histogram of a
    // random sample: 100 entries sometimes held none of the 1 in 11 with a link, the guess fell to one row and the
    // plan to a sort. A finer histogram keeps the guess near the truth from one run to the next.
    if (t.ctx.store.engine === "postgres")
      await db.executeQuery(CompiledQuery.raw("ALTER TABLE memo ALTER COLUMN content SET STATISTICS 1000"));
    await db.executeQuery(CompiledQuery.raw("ANALYZE"));
  }, 120_000);
  afterAll(() => t.close());

  const page: MemoPage = { pinnedFirst: true, limit: 30, offset: 0 };
  const second: MemoPage = { ...page, after: { pinned: 0, ts: 1_600_900_000, id: 15_000 } };
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
    await expectStatsFromIndexAlone(state);
    await expectUserStatsFromIndexes(state);
  }

  return {
    get store() {
      return t.ctx.store;
    },
    get owner() {
      return owner;
    },
    get hermit() {
      return hermit;
    },
    explain,
    expectIndexWalk,
    expectFoundByPins,
    expectWindowRead,
    expectUserStatsFromIndexes,
    page,
    second,
    lists,
    expectHermitViews,
    expectEveryListWalks,
    expectStatsFromIndexAlone,
  };
}
