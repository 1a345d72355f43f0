// Backups of the SQLite file: taken while the app writes, restored, checked; restore's refusals; rolling backups.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
import { killCliWhen, runCli } from "./cli-child.js";
import { createMemo, signUpHost, type TestUser, uploadResource } from "./factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "./harness.js";

const onSqlite = TEST_DRIVER === "sqlite";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "memos-backup-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a consistent memos database must satisfy, read straight from the file. */
function inspect(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const count = (query: string) => db.prepare(query).pluck().get() as number;
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      memos: count("SELECT COUNT(*) FROM memo"),
      counted: count("SELECT COALESCE(SUM(n), 0) FROM memo_count"),
      tags: count("SELECT COUNT(*) FROM memo_tag t JOIN memo m ON m.id = t.memo_id WHERE m.row_status = 'NORMAL'"),
      tagsCounted: count("SELECT COALESCE(SUM(n), 0) FROM memo_tag_count"),
      fts: count("SELECT COUNT(*) FROM memo_fts WHERE memo_fts MATCH '\"written\"'"),
      resources: count("SELECT COUNT(*) FROM resource WHERE length(blob) > 0"),
    };
  } finally {
    db.close();
  }
}

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

/** A small memos database at `file` holding `memos` memos. */
async function makeDatabase(file: string, memos: number): Promise<void> {
  const { store } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
  try {
    const user = await store.db
      .insertInto("user")
      .values({ username: "u", password_hash: "x", open_id: `o-${file}`, username_key: "u" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < memos; i++)
      await store.db
        .insertInto("memo")
        .values({ creator_id: user.id, content: `memo ${i}` })
        .execute();
  } finally {
    await store.close();
  }
}

const memoCount = (file: string) => inspect(file).memos;

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

describe("backups with --storage local", () => {
  let t: TestApp;
  let host: TestUser;
  beforeEach(async () => {
    t = await createTestApp({ driver: "sqlite", storage: "local" });
    host = await signUpHost(t);
  });
  afterEach(() => t.close());

  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  const pathOf = async (id: number) =>
    (await t.ctx.store.db.selectFrom("resource").select("internal_path").where("id", "=", id).executeTakeFirstOrThrow()).internal_path;

  it.runIf(onSqlite)("takes the files beside the snapshot as hard links, and restore puts them back", async () => {
    const data = t.ctx.config.data;
    const photo = await uploadResource(host, "photo.png", "image/png", Buffer.alloc(200_000, 3));
    const notes = await uploadResource(host, "notes.txt", "text/plain", Buffer.from("notes"));
    const [photoPath, notesPath] = [await pathOf(photo.id), await pathOf(notes.id)];
    const out = join(dir, "backup.db");
    expect(await backupCommand(["--dsn", t.ctx.config.dsn, "--data", data, "--out", out], dir)).toBe(0);
    expect(existsSync(join(`${out}.assets`, photoPath))).toBe(true);
    expect(statSync(join(`${out}.assets`, photoPath)).ino).toBe(statSync(join(data, "assets", photoPath)).ino);
    expect(readFileSync(join(`${out}.assets`, notesPath), "utf8")).toBe("notes");

    // After the backup: one file deleted (a hard link keeps the backup's copy), one uploaded (not in the backup).
    expect((await host.client.delete(`/api/resource/${photo.id}`)).status).toBe(200);
    expect(existsSync(join(data, "assets", photoPath))).toBe(false);
    await uploadResource(host, "later.png", "image/png", Buffer.from("later"));
    expect(sha256(readFileSync(join(`${out}.assets`, photoPath)))).toBe(sha256(Buffer.alloc(200_000, 3)));

    // Restored into another data folder, where one name already holds other bytes and one the same bytes.
    const other = join(dir, "other");
    mkdirSync(join(other, "assets", dirname(photoPath)), { recursive: true });
    writeFileSync(join(other, "assets", photoPath), "something else");
    writeFileSync(join(other, "assets", notesPath), "notes");
    expect(await restoreCommand(["--data", other, "--from", out], dir)).toBe(0);
    expect(sha256(readFileSync(join(other, "assets", photoPath)))).toBe(sha256(Buffer.alloc(200_000, 3)));
    expect(readFileSync(join(other, "assets", notesPath), "utf8")).toBe("notes");
    const aside = readdirSync(join(other, "assets")).filter((name) => name.startsWith(".before-restore-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(other, "assets", aside[0]!, photoPath), "utf8")).toBe("something else");
    const restored = new SQLite(join(other, "memos_prod.db"), { readonly: true });
    try {
      const paths = restored.prepare("SELECT internal_path FROM resource WHERE internal_path <> '' ORDER BY id").pluck().all();
      expect(paths).toEqual([photoPath, notesPath]);
    } finally {
      restored.close();
    }
  });

  it.runIf(onSqlite)("writes no assets folder when every upload is in the database", async () => {
    t.ctx.config.storage = "db";
    await uploadResource(host, "blob.png", "image/png", Buffer.from("blob"));
    const out = join(dir, "blobs.db");
    expect(await backupCommand(["--dsn", t.ctx.config.dsn, "--data", t.ctx.config.data, "--out", out], dir)).toBe(0);
    expect(existsSync(`${out}.assets`)).toBe(false);
  });

  it.runIf(onSqlite)("rolling backups keep their files beside them and drop them with them", async () => {
    const photo = await uploadResource(host, "photo.png", "image/png", Buffer.from("rolling"));
    const path = await pathOf(photo.id);
    const live = t.ctx.config.dsn;
    for (let day = 1; day <= 3; day++) {
      await takeRollingBackup(t.ctx.store.sqliteMain!, live, 2, new Date(`2025-02-0${day}T08:00:00.000Z`), t.ctx.config.data);
    }
    const kept = listRollingBackups(live).map((each) => each.file);
    expect(kept).toHaveLength(2);
    for (const file of kept) expect(readFileSync(join(`${file}.assets`, path), "utf8")).toBe("rolling");
    const folder = dirname(kept[0]!);
    expect(
      readdirSync(folder)
        .filter((name) => name.endsWith(".assets"))
        .sort(),
    ).toEqual(kept.map((file) => `${file.slice(folder.length + 1)}.assets`));
  });
});

/** A database at `<data>/memos_prod.db` with `files` resources kept as files under <data>/assets (tiny ones). */
async function makeDatabaseWithFiles(data: string, files: number): Promise<{ file: string; paths: string[] }> {
  const file = join(data, "memos_prod.db");
  await makeDatabase(file, 1);
  const paths = Array.from({ length: files }, (_, i) => `${Math.floor((i + 1) / 1000)}/${i + 1}-0000beef-file${i + 1}.txt`);
  for (const path of paths) {
    mkdirSync(dirname(join(data, "assets", path)), { recursive: true });
    writeFileSync(join(data, "assets", path), `file ${path}`);
  }
  const db = new SQLite(file);
  try {
    const insert = db.prepare("INSERT INTO resource (creator_id, filename, type, size, internal_path) VALUES (1, ?, 'text/plain', ?, ?)");
    db.transaction(() => {
      for (const path of paths) insert.run(path, Buffer.byteLength(`file ${path}`), path);
    })();
  } finally {
    db.close();
  }
  return { file, paths };
}

const filesIn = (folder: string): string[] =>
  existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
        .sort()
    : [];

describe("a backup stopped halfway", () => {
  it.runIf(onSqlite)(
    "leaves no backup under its name (killed while taking its files), and the next run cleans up and completes",
    async () => {
      const data = join(dir, "data");
      const { paths } = await makeDatabaseWithFiles(data, 3000);
      const out = join(dir, "backup.db");
      // Killed as soon as its files start to appear (or the snapshot under its final name, whichever comes first).
      const { killed, output } = await killCliWhen(["backup", "--data", data, "--out", out], dir, () =>
        readdirSync(dir).some((name) => name === "backup.db" || name.startsWith("backup.db.assets")),
      );
      expect(killed, output).toBe(true);
      // Complete or absent: a snapshot under the final name has every one of its files.
      if (existsSync(out)) expect(filesIn(`${out}.assets`)).toHaveLength(paths.length);
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(dir).filter((name) => name.startsWith("backup.db")).length).toBeGreaterThan(0);
      // Nothing to restore from.
      await expect(restoreCommand(["--data", data, "--from", out], dir)).rejects.toThrow(/no backup at/);

      // The next run removes what the killed one left and writes a whole backup.
      expect(await backupCommand(["--data", data, "--out", out], dir)).toBe(0);
      expect(
        readdirSync(dir)
          .filter((name) => name.startsWith("backup.db"))
          .sort(),
      ).toEqual(["backup.db", "backup.db.assets"]);
      expect(filesIn(`${out}.assets`)).toEqual([...paths].sort());
      const restored = join(dir, "restored");
      expect(runCli(["restore", "--data", restored, "--from", out], dir).status).toBe(0);
      expect(filesIn(join(restored, "assets"))).toEqual([...paths].sort());
    },
  );

  it.runIf(onSqlite)("a rolling backup that fails while taking its files is not kept, so the schedule never trusts it", async () => {
    const data = join(dir, "data");
    const { file, paths } = await makeDatabaseWithFiles(data, 300);
    const source = new SQLite(file);
    try {
      await takeRollingBackup(source, file, 3, new Date("2025-03-01T08:00:00.000Z"), data);
      // One of the files cannot be read (a folder in its place): the next backup fails on it, after taking 200.
      const broken = join(data, "assets", paths[200]!);
      rmSync(broken);
      mkdirSync(broken);
      await expect(takeRollingBackup(source, file, 3, new Date("2025-03-02T08:00:00.000Z"), data)).rejects.toThrow();
    } finally {
      source.close();
    }
    const kept = listRollingBackups(file);
    expect(kept.map((each) => each.takenAt.toISOString())).toEqual(["2025-03-01T08:00:00.000Z"]);
    expect(filesIn(`${kept[0]!.file}.assets`)).toHaveLength(300);
    expect(readdirSync(join(data, "backups")).sort()).toEqual([
      "memos_prod-2025-03-01T08-00-00.000Z.db",
      "memos_prod-2025-03-01T08-00-00.000Z.db.assets",
    ]);
  });

  it.runIf(onSqlite)("the next rolling backup removes the partial files of stopped ones, not those a live process is writing", async () => {
    const data = join(dir, "data");
    const { file } = await makeDatabaseWithFiles(data, 3);
    const folder = join(data, "backups");
    mkdirSync(folder, { recursive: true });
    const dead = Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString());
    const stale = [
      `memos_prod-2025-01-01T00-00-00.000Z.db.${dead}.partial`,
      `memos_prod-2025-01-01T00-00-00.000Z.db.${dead}.partial-journal`,
      `memos_prod-2025-01-02T00-00-00.000Z.db.partial`, // as versions before the pid was in the name wrote them
      `memos_prod-2025-01-02T00-00-00.000Z.db.partial-journal`,
    ];
    for (const name of stale) writeFileSync(join(folder, name), Buffer.alloc(64 * 1024, 1));
    // Files gathered for a snapshot that never got its name, and a folder whose backup is gone.
    mkdirSync(join(folder, `memos_prod-2025-01-01T00-00-00.000Z.db.assets.${dead}.partial`, "0"), { recursive: true });
    mkdirSync(join(folder, "memos_prod-2025-01-03T00-00-00.000Z.db.assets", "0"), { recursive: true });
    // Being written by a live process (this one), and another database's: left alone.
    const live = [
      `memos_prod-2025-01-04T00-00-00.000Z.db.${process.pid}.partial`,
      `memos_demo-2025-01-01T00-00-00.000Z.db.${dead}.partial`,
    ];
    for (const name of live) writeFileSync(join(folder, name), "x");
    mkdirSync(join(folder, `memos_prod-2025-01-04T00-00-00.000Z.db.assets`));

    const source = new SQLite(file);
    try {
      const { leftovers } = await takeRollingBackup(source, file, 3, new Date("2025-03-01T08:00:00.000Z"), data);
      expect(leftovers.map((path) => path.slice(folder.length + 1)).sort()).toEqual(
        [...stale, `memos_prod-2025-01-01T00-00-00.000Z.db.assets.${dead}.partial`, "memos_prod-2025-01-03T00-00-00.000Z.db.assets"].sort(),
      );
    } finally {
      source.close();
    }
    expect(readdirSync(folder).sort()).toEqual(
      [
        ...live,
        "memos_prod-2025-01-04T00-00-00.000Z.db.assets",
        "memos_prod-2025-03-01T08-00-00.000Z.db",
        "memos_prod-2025-03-01T08-00-00.000Z.db.assets",
      ].sort(),
    );
  });
});

describe("restore of a backup missing files", () => {
  it.runIf(onSqlite)("exits 1 and changes nothing, unless told to restore it without them", async () => {
    const data = join(dir, "data");
    const { file, paths } = await makeDatabaseWithFiles(data, 20);
    const out = join(dir, "backup.db");
    expect(await backupCommand(["--data", data, "--out", out], dir)).toBe(0);
    // Lost from the backup and from the data folder: 3 files.
    for (const path of paths.slice(0, 3)) {
      rmSync(join(`${out}.assets`, path));
      rmSync(join(data, "assets", path));
    }
    const db = new SQLite(file);
    db.prepare("INSERT INTO memo (creator_id, content) VALUES (1, 'after the backup')").run();
    db.close();
    const refused = runCli(["restore", "--data", data, "--from", out], dir);
    expect(refused.status, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain("the backup is incomplete: 3 files it refers to are missing");
    for (const path of paths.slice(0, 3)) expect(refused.stderr).toContain(path);
    expect(memoCount(file)).toBe(2);
    expect(readdirSync(data).filter((name) => name.includes("before-restore"))).toEqual([]);

    const forced = runCli(["restore", "--data", data, "--from", out, "--allow-missing-files", "yes"], dir);
    expect(forced.status, forced.stdout + forced.stderr).toBe(0);
    expect(forced.stderr).toContain("restored without 3 files");
    expect(memoCount(file)).toBe(1);
  });
});
