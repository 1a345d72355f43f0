// Migration 049 on a database that holds memos, trashed memos and versions: each keeps its rows with no place, takes
// a place after it, and the database itself refuses coordinates out of range; on both engines.
import { describe, expect, it } from "vitest";
import { migrate } from "../migrate.js";
import { testDatabases } from "../test-databases.js";
import { MIGRATIONS } from "./index.js";

const openDatabase = testDatabases("049");

describe.each(["sqlite", "postgres"] as const)("049-memo-location on %s", (engine) => {
  it("adds an empty place to existing memos and checks the ranges", async (ctx) => {
    const handle = (await openDatabase(engine))?.handle;
    if (!handle) return ctx.skip();
    await migrate(
      handle,
      MIGRATIONS.filter((migration) => migration.name < "049"),
    );
    const { db } = handle;
    const { id } = await db.insertInto("memo").values({ creator_id: 1, content: "before" }).returning("id").executeTakeFirstOrThrow();
    await migrate(handle);
    const row = await db.selectFrom("memo").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([row.location_placeholder, row.location_latitude, row.location_longitude]).toEqual([null, null, null]);
    await db.updateTable("memo").set({ location_placeholder: "Pole", location_latitude: -90, location_longitude: 180 }).execute();
    const placed = await db.selectFrom("memo").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([placed.location_latitude, placed.location_longitude]).toEqual([-90, 180]);
    for (const table of ["memo", "memo_trash", "memo_revision"] as const) {
      const columns = await db.selectFrom(table).select(["location_placeholder", "location_latitude", "location_longitude"]).execute();
      expect(columns).toBeInstanceOf(Array);
    }
    await expect(db.updateTable("memo").set({ location_latitude: 90.5 }).execute()).rejects.toThrow(/check/i);
    await expect(db.updateTable("memo").set({ location_longitude: -181 }).execute()).rejects.toThrow(/check/i);
  });
});
