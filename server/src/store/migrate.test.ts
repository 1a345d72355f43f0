// migrate(): pending migrations run in one transaction, so a failure leaves the database as it was; a SQLite file is
// copied aside first, once however many runs fail or are killed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openSqlite } from "./db.js";
import { migrate } from "./migrate.js";
import { MIGRATIONS } from "./migrations/index.js";
import type { Migration } from "./migrations/types.js";
import { testDatabases } from "./test-databases.js";

const createNotes: Migration = {
  name: "900-notes",
  statements: () => ["CREATE TABLE notes (id INTEGER NOT NULL PRIMARY KEY, body TEXT NOT NULL)"],
  async after(db) {
    await sql`INSERT INTO notes (id, body) VALUES (1, 'kept?')`.execute(db);
  },
};

const addColumnThenFail: Migration = {
  name: "901-breaks",
  statements: () => ["ALTER TABLE memo ADD COLUMN extra TEXT", "CREATE TABLE half_done (id INTEGER)"],
  async after(db) {
    await sql`UPDATE memo SET content = 'clobbered'`.execute(db);
    await sql`SELECT * FROM no_such_table`.execute(db);
  },
};

const badSql: Migration = {
  name: "902-bad-sql",
  statements: () => ["CREATE TABLE fine (id INTEGER)", "THIS IS NOT SQL"],
};

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result =
    handle.engine === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') ORDER BY name`.execute(
          handle.db,
        )
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(
          handle.db,
        );
  return result.rows.map((row) => row.name);
}

async function memoColumns(handle: DatabaseHandle): Promise<string[]> {
  const result =
    handle.engine === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_info('memo') ORDER BY cid`.execute(handle.db)
      : await sql<{
          name: string;
        }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'memo' ORDER BY ordinal_position`.execute(
          handle.db,
        );
  return result.rows.map((row) => row.name);
}

async function snapshot(handle: DatabaseHandle) {
  return {
    tables: await tableNames(handle),
    memoColumns: await memoColumns(handle),
    memos: await handle.db.selectFrom("memo").select(["id", "content"]).orderBy("id").execute(),
    applied: (await handle.db.selectFrom("schema_migration").select("name").orderBy("name").execute()).map((row) => row.name),
  };
}

/** An empty database and a folder of the test's own, or null when PostgreSQL is unreachable. */
const openEngine = testDatabases("migrate");

describe.each(["sqlite", "postgres"] as const)("migrate on %s", (engine) => {
  it("applies every migration once, then nothing", async (ctx) => {
    const opened = await openEngine(engine);
    if (!opened) return ctx.skip();
    const first = await migrate(opened.handle);
    expect(first.applied).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(first.backup).toBeNull();
    const second = await migrate(opened.handle);
    expect(second).toEqual({ applied: [], backup: null });
    const history = await opened.handle.db.selectFrom("migration_history").select("version").execute();
    expect(history).toEqual([{ version: "0.10.0" }]);
  });

  it.for<[string, Migration[]]>([
    ["a failing data step after DDL", [createNotes, addColumnThenFail]],
    ["invalid SQL", [createNotes, badSql]],
  ])("leaves the database as it was when %s fails", async ([, extra], ctx) => {
    const opened = await openEngine(engine);
    if (!opened) return ctx.skip();
    const { handle } = opened;
    await migrate(handle);
    await handle.db.insertInto("user").values({ username: "host", password_hash: "x", open_id: "o1", role: "HOST" }).execute();
    await handle.db.insertInto("memo").values({ creator_id: 1, content: "original" }).execute();
    const before = await snapshot(handle);

    await expect(migrate(handle, [...MIGRATIONS, ...extra])).rejects.toThrow();

    expect(await snapshot(handle)).toEqual(before);
    expect(before.tables).not.toContain("notes");
    // Fixed, the same list goes through cleanly afterwards.
    const retry = await migrate(handle, [...MIGRATIONS, createNotes]);
    expect(retry.applied).toEqual(["900-notes"]);
    const notes = await sql<{ body: string }>`SELECT body FROM notes`.execute(handle.db);
    expect(notes.rows).toEqual([{ body: "kept?" }]);
  });

  it("rolls back earlier pending migrations of the same run too", async (ctx) => {
    const opened = await openEngine(engine);
    if (!opened) return ctx.skip();
    const { handle } = opened;
    await expect(migrate(handle, [...MIGRATIONS, badSql])).rejects.toThrow();
    expect(await tableNames(handle)).toEqual([]);
    if (engine === "sqlite") {
      // Nothing held data, so there was nothing to back up.
      expect(readdirSync(opened.dir).filter((name) => name.includes(".bak-"))).toEqual([]);
    }
  });
});

describe("a SQLite backup", () => {
  it("is taken before migrating a file that already holds data, and the failed run keeps it", async () => {
    const opened = await openEngine("sqlite");
    const { handle, dir } = opened!;
    await migrate(handle);
    await handle.db.insertInto("memo").values({ creator_id: 1, content: "precious" }).execute();
    await expect(migrate(handle, [...MIGRATIONS, badSql])).rejects.toThrow();
    const backups = readdirSync(dir).filter((name) => name.includes(".bak-"));
    expect(backups).toEqual([`memos.db.bak-${MIGRATIONS.at(-1)!.name}`]);
    const copy = openSqlite(join(dir, backups[0]!));
    try {
      expect(await copy.db.selectFrom("memo").select("content").execute()).toEqual([{ content: "precious" }]);
    } finally {
      await copy.close();
    }
    expect(existsSync(join(dir, "memos.db"))).toBe(true);
  });

  it("is kept once however many runs fail on the same file, and kept again beside it once the file changed", async () => {
    const opened = await openEngine("sqlite");
    const { handle, dir } = opened!;
    await migrate(handle);
    await handle.db.insertInto("memo").values({ creator_id: 1, content: "precious" }).execute();
    const backups = () => readdirSync(dir).filter((name) => name.includes(".bak-"));
    const name = `memos.db.bak-${MIGRATIONS.at(-1)!.name}`;
    for (let run = 0; run < 3; run++) await expect(migrate(handle, [...MIGRATIONS, badSql])).rejects.toThrow();
    expect(backups()).toEqual([name]);
    // Changed meanwhile: the copy of the file as it is now is kept too, and the first one stays.
    await handle.db.insertInto("memo").values({ creator_id: 1, content: "written since" }).execute();
    for (let run = 0; run < 2; run++) await expect(migrate(handle, [...MIGRATIONS, badSql])).rejects.toThrow();
    expect(backups().sort()).toEqual([name, `${name}.1`]);
    const contents = async (file: string) => {
      const copy = openSqlite(join(dir, file));
      try {
        return (await copy.db.selectFrom("memo").select("content").orderBy("id").execute()).map((row) => row.content);
      } finally {
        await copy.close();
      }
    };
    expect(await contents(name)).toEqual(["precious"]);
    expect(await contents(`${name}.1`)).toEqual(["precious", "written since"]);
  });

  it("removes what a run killed while copying left (its pid is gone), never what a live process writes", async () => {
    const opened = await openEngine("sqlite");
    const { handle, dir } = opened!;
    await migrate(handle);
    await handle.db.insertInto("memo").values({ creator_id: 1, content: "precious" }).execute();
    const name = `memos.db.bak-${MIGRATIONS.at(-1)!.name}`;
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(join(dir, `${name}.${dead}.partial`), "half a copy");
    writeFileSync(join(dir, `${name}.${dead}.partial-journal`), "");
    writeFileSync(join(dir, `${name}.${process.ppid}.partial`), "another process's copy, under way");
    await expect(migrate(handle, [...MIGRATIONS, badSql])).rejects.toThrow();
    expect(
      readdirSync(dir)
        .filter((file) => file.includes(".bak-"))
        .sort(),
    ).toEqual([name, `${name}.${process.ppid}.partial`]);
  });
});
