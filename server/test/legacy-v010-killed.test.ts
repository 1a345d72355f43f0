// A first start on a memos v0.10 database killed during its migration, again: the file stays as v0.10 left it, one
// copy of it is kept (`<file>.bak-v0.10.0`, not one more per start), and the start that finishes keeps that one. The
// killed starts are `npm run storage` runs (they open and migrate the database as the server does, through
// openStore), killed with SIGKILL while their migration holds the database's write lock.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store/open.js";
import { killCliWhen } from "./cli-child.js";
import { TEST_DRIVER } from "./harness.js";
import { backupsIn, buildV010Database, type Dump, dump } from "./legacy-v010-fixture.js";

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

const hasOurLedger = (file: string) => "schema_migration" in dump(file);

describe.skipIf(TEST_DRIVER === "postgres")("a first start on a memos v0.10 database, killed during its migration", () => {
  let dir: string;
  let file: string;
  let original: Dump;
  const start = ["storage", "--to", "db", "--data"];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "memos-legacy-killed-"));
    file = join(dir, "memos_prod.db");
    buildV010Database(file);
    original = dump(file);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps one copy of the original however many times it is killed, and the start that finishes keeps that one", async () => {
    for (let run = 1; run <= 2; run++) {
      const probe = new SQLite(file, { timeout: 0 });
      try {
        // Past the copy (none is being written) and into the migration's transaction.
        const { killed, output } = await killCliWhen([...start, dir], dir, () => {
          const names = readdirSync(dir);
          return names.some((name) => name.includes(".bak-")) && !names.some((name) => name.endsWith(".partial")) && writeLocked(probe);
        });
        expect(killed, output).toBe(true);
      } finally {
        probe.close();
      }
      expect(hasOurLedger(file), `run ${run}: the migration was not rolled back`).toBe(false);
      expect(dump(file)).toEqual(original);
      expect(backupsIn(dir), `run ${run}`).toEqual(["memos_prod.db.bak-v0.10.0"]);
    }
    const { store, migration } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
    await store.close();
    expect(migration.backup).toBe(join(dir, "memos_prod.db.bak-v0.10.0"));
    expect(hasOurLedger(file)).toBe(true);
    expect(backupsIn(dir)).toEqual(["memos_prod.db.bak-v0.10.0"]);
    expect(dump(join(dir, "memos_prod.db.bak-v0.10.0"))).toEqual(original);
    // Two commands, each up to ten seconds to start through tsx on a busy machine.
  }, 90_000);
});
