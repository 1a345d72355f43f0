// Backups of an instance whose uploads are files under <data>/assets (--storage local): the files travel with the
// database; a backup stopped halfway leaves nothing under its name; a restore refuses a backup missing files.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupCommand } from "../src/cli/backup.js";
import { restoreCommand } from "../src/cli/restore.js";
import { listRollingBackups, takeRollingBackup } from "../src/store/backup/sqlite-backup.js";
import { filesIn, makeDatabaseWithFiles, memoCount } from "./backup-fixtures.js";
import { killCliWhen, runCli } from "./cli-child.js";
import { signUpHost, type TestUser, uploadResource } from "./factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "./harness.js";

const onSqlite = TEST_DRIVER === "sqlite";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "memos-backup-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
