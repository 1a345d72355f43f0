// Migration 043 on a database whose inbox holds items: they are kept with their ids, the next id continues after the
// highest ever given (SQLite makes the table again), and the inbox now takes items about the account (no memo, no
// actor) and no kind it does not know; on both engines.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../test-databases.js";
import { migrate } from "../migrate.js";
import { MIGRATIONS } from "./index.js";

/** An empty database of this test's own, or null when PostgreSQL is unreachable. */
const openDatabase = testDatabases("043");
const open = async (engine: "sqlite" | "postgres") => (await openDatabase(engine))?.handle ?? null;

describe.each(["sqlite", "postgres"] as const)("043-second-factor on %s", (engine) => {
  it("keeps the inbox's items and ids, and takes items about the account", async (ctx) => {
    const handle = await open(engine);
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "043"),
    );
    await sql`INSERT INTO inbox_item (user_id, kind, memo_id, actor_id, detail, created_ts, read_ts, comment_id)
      VALUES (1, 'mention', 10, 2, '', 100, NULL, NULL), (1, 'reaction', 11, 3, '🎉', 200, 300, 7), (1, 'comment', 12, 2, '5', 400, NULL, 5)`.execute(
      handle.db,
    );
    // The newest item is gone: its id is still not given again.
    await sql`DELETE FROM inbox_item WHERE id = 3`.execute(handle.db);
    await migrate(handle);

    const kept = await handle.db.selectFrom("inbox_item").selectAll().orderBy("id").execute();
    expect(
      kept.map((row) => ({ ...row, created_ts: Number(row.created_ts), read_ts: row.read_ts === null ? null : Number(row.read_ts) })),
    ).toEqual([
      { id: 1, user_id: 1, kind: "mention", memo_id: 10, actor_id: 2, detail: "", created_ts: 100, read_ts: null, comment_id: null },
      { id: 2, user_id: 1, kind: "reaction", memo_id: 11, actor_id: 3, detail: "🎉", created_ts: 200, read_ts: 300, comment_id: 7 },
    ]);
    const added = await handle.db
      .insertInto("inbox_item")
      .values({ user_id: 1, kind: "two-factor-locked", memo_id: null, actor_id: null, detail: "900", created_ts: 500 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(4);
    await expect(
      sql`INSERT INTO inbox_item (user_id, kind, memo_id, actor_id, created_ts) VALUES (1, 'gossip', 1, 1, 1)`.execute(handle.db),
    ).rejects.toThrow(/check/i);
    const indexes =
      engine === "sqlite"
        ? await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inbox_item' ORDER BY name`.execute(handle.db)
        : await sql<{
            name: string;
          }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'inbox_item' AND indexname LIKE 'idx_%' ORDER BY indexname`.execute(
            handle.db,
          );
    expect(indexes.rows.map((row) => row.name).filter((name) => name.startsWith("idx_"))).toEqual([
      "idx_inbox_item_comment",
      "idx_inbox_item_memo",
      "idx_inbox_item_user",
    ]);
  });
});
