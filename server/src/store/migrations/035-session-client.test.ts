// Migration 035 on a database that already holds sessions: each gets its own public id, its sign-in as its last
// activity, and empty client details, on both engines.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../test-databases.js";
import { migrate } from "../migrate.js";
import { MIGRATIONS } from "./index.js";

/** An empty database of this test's own, or null when PostgreSQL is unreachable. */
const openDatabase = testDatabases("035");
const open = async (engine: "sqlite" | "postgres") => (await openDatabase(engine))?.handle ?? null;

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
