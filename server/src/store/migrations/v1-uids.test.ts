// The uids of v1 resource names, on databases that already hold rows, both engines. Migration 046: memos, live and
// trashed, each get a uid of their own, kept when they move between the trash and the list; 047: comments and
// resources. A row inserted without one still gets one; a uid is unique.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres, openSqlite } from "../db.js";
import { migrate } from "../migrate.js";
import { MIGRATIONS } from "./index.js";

const PG_ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function open(engine: "sqlite" | "postgres"): Promise<DatabaseHandle | null> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "memos-046-"));
    const handle = openSqlite(join(dir, "memos.db"));
    cleanups.push(async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return handle;
  }
  const name = `memos_046_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_DSN);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  cleanups.push(async () => {
    await handle.close();
    const client = new pg.Client({ connectionString: PG_ADMIN_DSN });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return handle;
}

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
