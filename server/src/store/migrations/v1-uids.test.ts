// The uids of v1 resource names, on databases that already hold rows, both engines. Migration 046: memos, live and
// trashed, each get a uid of their own, kept when they move between the trash and the list; 047: comments and
// resources. A row inserted without one still gets one; a uid is unique.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../test-databases.js";
import { migrate } from "../migrate.js";
import { MIGRATIONS } from "./index.js";

/** An empty database of this test's own, or null when PostgreSQL is unreachable. */
const openDatabase = testDatabases("046");
const open = async (engine: "sqlite" | "postgres") => (await openDatabase(engine))?.handle ?? null;

describe.each(["sqlite", "postgres"] as const)("046-memo-uid on %s", (engine) => {
  it("gives every existing memo its own uid, and every memo inserted later one too", async (ctx) => {
    const handle = await open(engine);
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "046"),
    );
    await sql`INSERT INTO memo (creator_id, content) VALUES (1, 'a'), (1, 'b'), (1, 'c')`.execute(handle.db);
    await sql`INSERT INTO memo_trash (memo_id, creator_id, trashed_ts, created_ts, updated_ts, display_ts, row_status, content, visibility)
      VALUES (9, 1, 1, 1, 1, 1, 'NORMAL', 'trashed', 'PRIVATE')`.execute(handle.db);
    await migrate(handle);

    const live = await handle.db.selectFrom("memo").select(["id", "uid"]).orderBy("id").execute();
    const trashed = await handle.db.selectFrom("memo_trash").select("uid").executeTakeFirstOrThrow();
    const uids = [...live.map((row) => row.uid), trashed.uid];
    for (const uid of uids) expect(uid).toMatch(/^[0-9a-f]{22}$/);
    expect(new Set(uids).size).toBe(4);

    // A writer that names no uid (a script, an old fixture) still leaves none empty.
    await sql`INSERT INTO memo (creator_id, content) VALUES (1, 'later')`.execute(handle.db);
    const later = await handle.db.selectFrom("memo").select("uid").where("content", "=", "later").executeTakeFirstOrThrow();
    expect(later.uid).toMatch(/^[0-9a-f]{22}$/);
    await expect(sql`UPDATE memo SET uid = ${live[0]!.uid} WHERE id = ${live[1]!.id}`.execute(handle.db)).rejects.toThrow();
  });
});

describe.each(["sqlite", "postgres"] as const)("047-comment-resource-uid on %s", (engine) => {
  it("gives every existing comment and resource its own uid, and every one inserted later one too", async (ctx) => {
    const handle = await open(engine);
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "047"),
    );
    await sql`INSERT INTO memo_comment (memo_id, creator_id, content, created_ts, updated_ts) VALUES (1, 1, 'a', 1, 1), (1, 1, 'b', 1, 1)`.execute(
      handle.db,
    );
    await sql`INSERT INTO resource (creator_id, filename) VALUES (1, 'a.png'), (1, 'b.png')`.execute(handle.db);
    await migrate(handle);

    for (const table of ["memo_comment", "resource"] as const) {
      const rows = await handle.db.selectFrom(table).select(["id", "uid"]).orderBy("id").execute();
      for (const row of rows) expect(row.uid).toMatch(/^[0-9a-f]{22}$/);
      expect(new Set(rows.map((row) => row.uid)).size).toBe(2);
      await expect(
        sql`UPDATE ${sql.table(table)} SET uid = ${rows[0]!.uid} WHERE id = ${rows[1]!.id}`.execute(handle.db),
      ).rejects.toThrow();
    }
    await sql`INSERT INTO resource (creator_id, filename) VALUES (1, 'later.png')`.execute(handle.db);
    const later = await handle.db.selectFrom("resource").select("uid").where("filename", "=", "later.png").executeTakeFirstOrThrow();
    expect(later.uid).toMatch(/^[0-9a-f]{22}$/);
  });
});
