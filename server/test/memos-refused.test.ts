// A memos database of a version we do not convert is refused at start-up with a message saying why, and left exactly
// as it was: no copy beside it, not a byte changed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemosDatabaseRefused } from "../src/store/memos-import/detect.js";
import { openStore } from "../src/store/open.js";
import { TEST_DRIVER } from "./harness.js";
import { buildMemosDatabase } from "./memos-fixture/build.js";

describe.skipIf(TEST_DRIVER === "postgres")("a memos database of a version we do not convert", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "memos-refused-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["0.32.0", 31, /memos 0\.32\.0 database, newer than the 0\.31/],
    ["1.0.0", 31, /memos 1\.0\.0 database, newer/],
    ["0.21.0", 25, /memos 0\.21\.0 database; .*start memos 0\.22 … 0\.25 on it once/],
  ] as const)("refuses memos %s untouched", async (version, minor, message) => {
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
});
