// Migration 035 on a database that already holds sessions: each gets its own public id, its sign-in as its last
// activity, and empty client details, on both engines.
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
    const dir = mkdtempSync(join(tmpdir(), "memos-035-"));
    const handle = openSqlite(join(dir, "memos.db"));
    cleanups.push(async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return handle;
  }
  const name = `memos_035_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
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

describe.each(["sqlite", "postgres"] as const)("035-session-client on %s", (engine) => {
  it("gives existing sessions a public id each, their sign-in as last activity, and no client details", async (ctx) => {
    const handle = await open(engine);
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "035"),
    );
    await sql`INSERT INTO session (id, user_id, created_ts, expires_ts) VALUES ('a', 1, 100, 9999999999), ('b', 1, 200, 9999999999)`.execute(
      handle.db,
    );
    await migrate(handle);
    const rows = await handle.db.selectFrom("session").selectAll().orderBy("id").execute();
    expect(
      rows.map(({ id, user_agent, address, last_active_ts }) => ({ id, user_agent, address, last_active_ts: Number(last_active_ts) })),
    ).toEqual([
      { id: "a", user_agent: "", address: "", last_active_ts: 100 },
      { id: "b", user_agent: "", address: "", last_active_ts: 200 },
    ]);
    expect(rows[0]!.public_id).toMatch(/^[\w-]{22}$/);
    expect(rows[1]!.public_id).toMatch(/^[\w-]{22}$/);
    expect(rows[0]!.public_id).not.toBe(rows[1]!.public_id);
    // The public id is unique.
    await expect(sql`UPDATE session SET public_id = ${rows[0]!.public_id} WHERE id = 'b'`.execute(handle.db)).rejects.toThrow();
  });
});
