// A memos database of a version we do not convert is refused at start-up with a message saying why, and left exactly
// as it was: on SQLite no copy beside it and not a byte changed, on PostgreSQL not a row changed and no schema made.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemosDatabaseRefused } from "../src/store/memos-import/detect.js";
import { openStore } from "../src/store/open.js";
import { TEST_DRIVER, withPgClient } from "./harness.js";
import { buildMemosDatabase, buildMemosPostgres } from "./memos-fixture/build.js";
import { dumpPgSchema } from "./memos-fixture/dump.js";
import { createPgDatabase } from "./pg-database.js";

const CASES = [
  ["0.32.0", 31, /memos 0\.32\.0 database, newer than the 0\.31/],
  ["1.0.0", 31, /memos 1\.0\.0 database, newer/],
  ["0.21.0", 25, /memos 0\.21\.0 database; .*start memos 0\.22 … 0\.25 on it once/],
] as const;

describe(`a memos ${TEST_DRIVER} database of a version we do not convert`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "memos-refused-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(TEST_DRIVER === "postgres").each(CASES)("refuses memos %s untouched", async (version, minor, message) => {
    const folder = mkdtempSync(join(dir, "case-"));
    const file = join(folder, "memos_prod.db");
    await buildMemosDatabase(file, minor, version);
    const before = readFileSync(file);
    const opening = openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
    await expect(opening).rejects.toThrow(MemosDatabaseRefused);
    await expect(opening).rejects.toThrow(message);
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
    expect(readdirSync(folder).filter((name) => name.includes(".bak-"))).toEqual([]);
  });

  it.skipIf(TEST_DRIVER !== "postgres").each(CASES)("refuses memos %s untouched", async (version, minor, message) => {
    const database = await createPgDatabase("memos_refused");
    try {
      await buildMemosPostgres(database.dsn, dir, minor, version);
      const before = await dumpPgSchema(database.dsn, "public");
      const opening = openStore({ driver: "postgres", dsn: database.dsn });
      await expect(opening).rejects.toThrow(MemosDatabaseRefused);
      await expect(opening).rejects.toThrow(message);
      expect(await dumpPgSchema(database.dsn, "public")).toEqual(before);
      const schemas = await withPgClient(database.dsn, (client) =>
        client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'memos_%'"),
      );
      expect(schemas.rows).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
