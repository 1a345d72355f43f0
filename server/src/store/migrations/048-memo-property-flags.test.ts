// Migration 048 on a database that holds memos and trashed memos: every row gets the flags memoPropertyFlags gives its
// text (the function the v1 presenter reads), across batches and character budgets, and the stats index carries them;
// on both engines.
import { memoPropertyFlags } from "@memos/common";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate } from "../migrate.js";
import { testDatabases } from "../test-databases.js";
import { MIGRATIONS } from "./index.js";

const openDatabase = testDatabases("048");
const open = async (engine: "sqlite" | "postgres") => (await openDatabase(engine))?.handle ?? null;

/** Texts with each property, none, several, and near misses. */
const TEXTS = [
  "",
  "plain note #work",
  "see https://example.com",
  "xhttps://x.y and https:// alone",
  "- [ ] call the plumber",
  "  * [x] done\n+ [ ] open",
  "not a task: - [ ] here",
  "inline `code` here",
  "```\nblock\n```",
  "one ` tick\nand ` another",
  "(http://x.y) and\n  - [x] indented, done `x`",
  "日本語 https://例え.jp\n- [ ] 買い物",
];

describe.each(["sqlite", "postgres"] as const)("048-memo-property-flags on %s", (engine) => {
  it("gives every memo and trashed memo the flags of its text", async (ctx) => {
    const handle = await open(engine);
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "048"),
    );
    const { db } = handle;
    // More memos than one batch of lengths (1,000), and texts longer than one budget of characters (4,000,000) together.
    const many = Array.from({ length: 1_100 }, (_, i) => ({ creator_id: 1 + (i % 3), content: `${TEXTS[i % TEXTS.length]} n${i}` }));
    const long = Array.from({ length: 5 }, (_, i) => ({
      creator_id: 1,
      content: `${"a".repeat(999_000)} ${TEXTS[(i * 5) % TEXTS.length]}`,
    }));
    for (let start = 0; start < many.length; start += 200)
      await db
        .insertInto("memo")
        .values(many.slice(start, start + 200))
        .execute();
    for (const memo of long) await db.insertInto("memo").values(memo).execute();
    await db
      .insertInto("memo_trash")
      .values(
        TEXTS.map((content, i) => ({
          memo_id: 100_000 + i,
          creator_id: 1,
          trashed_ts: 1,
          created_ts: 1,
          updated_ts: 1,
          display_ts: 1,
          row_status: "NORMAL" as const,
          content,
          visibility: "PRIVATE" as const,
          access_token_id: null,
          edit_source: null,
          edit_token_id: null,
        })),
      )
      .execute();

    await migrate(handle);

    const memos = await db.selectFrom("memo").select(["content", "property_flags"]).execute();
    const trashed = await db.selectFrom("memo_trash").select(["content", "property_flags"]).execute();
    expect(memos).toHaveLength(many.length + long.length);
    expect(trashed).toHaveLength(TEXTS.length);
    const wrong = [...memos, ...trashed].filter((row) => row.property_flags !== memoPropertyFlags(row.content));
    expect(wrong.map((row) => row.content.slice(-40))).toEqual([]);
    // Every combination the texts make is there, so the test saw each bit set and clear.
    expect(new Set(memos.map((row) => row.property_flags)).size).toBeGreaterThanOrEqual(6);

    const columns =
      engine === "sqlite"
        ? (
            await sql<{ name: string }>`SELECT name FROM pragma_index_info('idx_memo_creator_status_created') ORDER BY seqno`.execute(db)
          ).rows.map((row) => row.name)
        : [
            (
              await sql<{
                def: string;
              }>`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'idx_memo_creator_status_created'`.execute(db)
            ).rows[0]?.def,
          ];
    expect(columns.join(",")).toMatch(/updated_ts,\s*property_flags\)?$/);
  });
});
