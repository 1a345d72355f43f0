// Backups of the SQLite file: taken while the app writes, restored, checked; restore's refusals; rolling backups.
// Uploads kept as files, a backup stopped halfway and a restore missing files: backup-files.test.ts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UsageError } from "../src/cli/args.js";
import { backupCommand } from "../src/cli/backup.js";
import { restoreCommand } from "../src/cli/restore.js";
import { startBackupSchedule } from "../src/services/backup.service.js";
import { markInstance, pidFileOf } from "../src/store/instance/instance-lock.js";
import { openStore } from "../src/store/open.js";
import {
  backupProblems,
  backupSqlite,
  backupSqliteFile,
  listRollingBackups,
  RestoreRefused,
  restoreSqlite,
  takeRollingBackup,
} from "../src/store/backup/sqlite-backup.js";
import { inspect, makeDatabase, memoCount } from "./backup-fixtures.js";
import { createMemo, signUpHost, type TestUser, uploadResource } from "./factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "./harness.js";

const onSqlite = TEST_DRIVER === "sqlite";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "memos-backup-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("backup while the app writes", () => {
  let t: TestApp;
  let host: TestUser;
  beforeEach(async () => {
    t = await createTestApp({ driver: "sqlite" });
    host = await signUpHost(t);
  });
  afterEach(() => t.close());

  it.runIf(onSqlite)("is a consistent snapshot, from another connection and from the server's own, and restores", async () => {
    // Some megabytes, so the copy takes many steps while the writes go on.
    await uploadResource(host, "big.bin", "application/octet-stream", Buffer.alloc(3 * 1024 * 1024, 7));
    for (let i = 0; i < 20; i++) await createMemo(host, `seed ${i} #seed`);
    let writing = true;
    let written = 0;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      while (writing) {
        await createMemo(host, `written by ${w} #w${w} #load`, w % 2 ? "PUBLIC" : "PRIVATE");
        written += 1;
      }
    });
    const cli = join(dir, "cli.db");
    const own = join(dir, "own.db");
    // Wait for the writes to be under way, then take both kinds of backup while they continue.
    await vi.waitFor(() => expect(written).toBeGreaterThanOrEqual(10), { timeout: 20_000, interval: 5 });
    const [fromCli, fromServer] = await Promise.all([backupSqliteFile(t.ctx.config.dsn, cli), backupSqlite(t.ctx.store.sqliteMain!, own)]);
    const writtenDuring = written;
    // The writers were not stopped by the backups: more writes land after them.
    await vi.waitFor(() => expect(written).toBeGreaterThan(writtenDuring), { timeout: 20_000, interval: 5 });
    writing = false;
    await Promise.all(writers);
    expect(fromCli.bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(fromServer.bytes).toBeGreaterThan(3 * 1024 * 1024);

    for (const file of [cli, own]) {
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(backupProblems(file)).toEqual([]);
      const found = inspect(file);
      expect(found.integrity).toBe("ok");
      expect(found.memos).toBeGreaterThanOrEqual(20 + 10);
      expect(found.memos).toBeLessThanOrEqual(20 + written);
      // Counters kept by triggers agree with the rows: one snapshot, not a mix of moments.
      expect(found.counted).toBe(found.memos);
      expect(found.tagsCounted).toBe(found.tags);
      expect(found.fts).toBe(found.memos - 20);
      expect(found.resources).toBe(1);
    }

    // Restored into a data folder of its own, it opens, migrates (nothing to do) and counts the same.
    const restored = join(dir, "data", "memos_prod.db");
    await restoreSqlite(restored, cli);
    const { store } = await openStore({ driver: "sqlite", dsn: restored, sqliteReaders: 0 });
    try {
      const row = await store.db
        .selectFrom("memo")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(inspect(cli).memos);
    } finally {
      await store.close();
    }
    expect(inspect(restored).integrity).toBe("ok");
  });
});

describe("restore", () => {
  it.runIf(onSqlite)("replaces the database, keeps the previous file, and leaves no stale -wal/-shm", async () => {
    const data = join(dir, "data");
    const live = join(data, "memos_prod.db");
    await makeDatabase(live, 3);
    const backup = join(dir, "backup.db");
    await backupSqliteFile(live, backup);
    await makeDatabase(join(dir, "other.db"), 0);
    // The live database moves on after the backup, and a crashed server left its -shm behind.
    const db = new SQLite(live);
    db.prepare("INSERT INTO memo (creator_id, content) VALUES (1, 'after the backup')").run();
    db.close();
    writeFileSync(`${live}-shm`, Buffer.alloc(32 * 1024, 1));
    expect(memoCount(live)).toBe(4);

    expect(await restoreCommand(["--data", data, "--from", backup], dir)).toBe(0);
    expect(memoCount(live)).toBe(3);
    expect(existsSync(`${live}-wal`)).toBe(false);
    expect(existsSync(`${live}-shm`)).toBe(false);
    const kept = readdirSync(data).filter((name) => name.startsWith("memos_prod.db.before-restore-"));
    expect(kept).toHaveLength(1);
    expect(memoCount(join(data, kept[0]!))).toBe(4);
  });

  it.runIf(onSqlite)("refuses while a server uses the database, and goes ahead once it has stopped", async () => {
    const data = join(dir, "data");
    const live = join(data, "memos_prod.db");
    await makeDatabase(live, 2);
    const backup = join(dir, "backup.db");
    await backupSqliteFile(live, backup);
    const instance = markInstance(live); // as main.ts does: this test process is the running server
    expect(existsSync(pidFileOf(live))).toBe(true);
    await expect(restoreCommand(["--data", data, "--from", backup], dir)).rejects.toThrow(
      new UsageError(`a memos server (pid ${process.pid} on ${(await import("node:os")).hostname()}) is using ${live}: stop it first`),
    );
    instance.release();
    expect(existsSync(pidFileOf(live))).toBe(false);
    // A pid file left by a server that died is no obstacle.
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(pidFileOf(live), JSON.stringify({ pid: Number(dead), host: (await import("node:os")).hostname(), startedAt: "" }));
    expect(await restoreCommand(["--data", data, "--from", backup], dir)).toBe(0);
  });

  it.runIf(onSqlite)("refuses a file that is not a sound memos database, leaving the database alone", async () => {
    const live = join(dir, "memos_prod.db");
    await makeDatabase(live, 2);
    const garbage = join(dir, "garbage.db");
    writeFileSync(garbage, "this is not a database".repeat(300));
    await expect(restoreSqlite(live, garbage)).rejects.toThrow(RestoreRefused);
    const foreign = join(dir, "foreign.db");
    new SQLite(foreign).exec("CREATE TABLE something (x)").close();
    await expect(restoreSqlite(live, foreign)).rejects.toThrow(/not a memos database/);
    // A damaged page: the header is intact, a b-tree page is overwritten.
    const damaged = join(dir, "damaged.db");
    await backupSqliteFile(live, damaged);
    const { openSync, writeSync, closeSync } = await import("node:fs");
    const fd = openSync(damaged, "r+");
    writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 4096 * 2);
    closeSync(fd);
    expect(backupProblems(damaged).length).toBeGreaterThan(0);
    await expect(restoreSqlite(live, damaged)).rejects.toThrow(RestoreRefused);
    expect(memoCount(live)).toBe(2);
    expect(readdirSync(dir).filter((name) => name.includes("before-restore"))).toEqual([]);
  });

  it("checks its flags: --from is required, PostgreSQL is pg_restore's", async () => {
    await expect(restoreCommand(["--data", dir], dir)).rejects.toThrow(/--from is required/);
    await expect(restoreCommand(["--dsn", "postgres://u@h/db", "--from", "x.db"], dir)).rejects.toThrow(/pg_restore/);
    await expect(backupCommand(["--data", dir], dir)).rejects.toThrow(/--out is required/);
    await expect(backupCommand(["--dsn", "postgres://u@h/db", "--out", "x.db"], dir)).rejects.toThrow(/pg_dump/);
    await expect(backupCommand(["--data", dir, "--out", "x.db", "--bogus", "1"], dir)).rejects.toThrow(/unknown flag --bogus/);
  });
});

describe("rolling backups", () => {
  it.runIf(onSqlite)("keeps the newest `keep` files, named by time, next to the database", async () => {
    const live = join(dir, "memos_prod.db");
    await makeDatabase(live, 1);
    const source = new SQLite(live);
    try {
      for (let day = 1; day <= 5; day++) await takeRollingBackup(source, live, 3, new Date(`2025-01-0${day}T10:00:00.000Z`));
    } finally {
      source.close();
    }
    const kept = listRollingBackups(live);
    expect(kept.map((each) => each.file)).toEqual(
      [3, 4, 5].map((day) => join(dir, "backups", `memos_prod-2025-01-0${day}T10-00-00.000Z.db`)),
    );
    for (const each of kept) expect(backupProblems(each.file)).toEqual([]);
  });

  it.runIf(onSqlite)("runs on a timer off the request path and stops cleanly", async () => {
    const live = join(dir, "memos_prod.db");
    const { store } = await openStore({ driver: "sqlite", dsn: live, sqliteReaders: 0 });
    let taken = 0;
    const schedule = startBackupSchedule(store, {
      everyMs: 25,
      keep: 2,
      log: {
        info: () => {
          taken += 1;
        },
        error: (message) => expect.fail(message),
      },
    });
    try {
      await vi.waitFor(() => expect(taken).toBeGreaterThanOrEqual(4), { timeout: 20_000, interval: 10 });
    } finally {
      await schedule.stop();
      await store.close();
    }
    expect(listRollingBackups(live)).toHaveLength(2);
    expect(schedule.lastError).toBeNull();
  });

  it("refuses PostgreSQL", async () => {
    const fake = { sqliteFile: null, sqliteMain: null } as unknown as Parameters<typeof startBackupSchedule>[0];
    expect(() => startBackupSchedule(fake, { everyMs: 1000, keep: 1 })).toThrow(/pg_dump/);
  });
});
