// A first start on a memos 0.22 … 0.31 database killed (SIGKILL) during its conversion, twice: the file stays as memos
// left it, one copy of it is kept (`<file>.bak-memos-<version>`, not one more per start), and the start that finishes
// converts it and keeps that copy. The killed starts are `npm run storage` runs (they open the database as the server
// does, through openStore), killed while the conversion's transaction holds the write lock.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store/open.js";
import { killCliWhen } from "./cli-child.js";
import { TEST_DRIVER } from "./harness.js";
import { backupsIn, type Dump, dump } from "./legacy-v010-fixture.js";
import { buildMemosDatabase } from "./memos-fixture/build.js";

/** Whether another connection holds the write lock of the SQLite file `probe` is open on (a transaction that wrote). */
function writeLocked(probe: SQLite.Database): boolean {
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  }
}

describe.skipIf(TEST_DRIVER === "postgres").each([22, 30] as const)(
  "a first start on a memos 0.%i database, killed during its conversion",
  (minor) => {
    let dir: string;
    let file: string;
    let original: Dump;
    const kept = `memos_prod.db.bak-memos-0.${minor}.0`;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "memos-inplace-killed-"));
      file = join(dir, "memos_prod.db");
      await buildMemosDatabase(file, minor);
      original = dump(file);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("keeps the original and one copy however often it is killed; the start that finishes converts it", async () => {
      for (let run = 1; run <= 2; run++) {
        const probe = new SQLite(file, { timeout: 0 });
        try {
          const { killed, output } = await killCliWhen(["storage", "--to", "db", "--data", dir], dir, () => {
            const names = readdirSync(dir);
            return names.some((name) => name.includes(".bak-")) && !names.some((name) => name.endsWith(".partial")) && writeLocked(probe);
          });
          expect(killed, output).toBe(true);
        } finally {
          probe.close();
        }
        expect(dump(file), `run ${run}: the conversion was not rolled back`).toEqual(original);
        expect(backupsIn(dir), `run ${run}`).toEqual([kept]);
      }
      const { store, converted } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
      await store.close();
      expect(converted).toMatchObject({
        from: `0.${minor}.0`,
        kept: join(dir, kept),
        counts: expect.objectContaining({ memos: 4, comments: 1 }),
      });
      expect(backupsIn(dir)).toEqual([kept]);
      expect(dump(join(dir, kept))).toEqual(original);
      expect("schema_migration" in dump(file)).toBe(true);
      // Two commands, each up to ten seconds to start through tsx on a busy machine.
    }, 90_000);
  },
);
