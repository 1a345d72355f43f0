// `npm run storage -- --to local|db`: every byte survives a move either way (SHA-256 of each download), a second
// run moves nothing, a run after a crash finishes the job, a missing file is reported and left alone, a
// running server makes the command refuse, and a run killed halfway leaves no file that no row refers to once
// the next run or a server's start has cleaned up.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Resource } from "@memos/common";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageError } from "../src/cli/args.js";
import { moveStorage, storageCommand } from "../src/cli/storage.js";
import { removeLeftovers } from "../src/services/leftovers.service.js";
import { instanceMarkOf, markInstance } from "../src/store/instance/instance-lock.js";
import { killCliWhen } from "./cli-child.js";
import { createMemo, signUpHost, type TestUser, uploadResource } from "./factories.js";
import { createTestApp, type TestApp } from "./harness.js";
import { getRaw } from "./raw.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function bytesOf(size: number, seed: number) {
  const bytes = Buffer.alloc(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe("npm run storage", () => {
  let t: TestApp;
  let host: TestUser;
  let uploads: Resource[];
  let hashes: Map<number, string>;
  const assets = () => join(t.ctx.config.data, "assets");
  const rows = () => t.ctx.store.db.selectFrom("resource").select(["id", "blob", "internal_path", "external_link"]).orderBy("id").execute();

  /** Every upload downloaded through the app, compared with what was uploaded. */
  async function expectEveryByte() {
    for (const resource of uploads) {
      const response = await getRaw(t, host.client, `/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`);
      expect(response.statusCode, resource.filename).toBe(200);
      expect(sha256(response.rawPayload), resource.filename).toBe(hashes.get(resource.id));
    }
  }

  beforeEach(async () => {
    t = await createTestApp({ storage: "db" });
    host = await signUpHost(t);
    const files: [string, string, ReturnType<typeof bytesOf>][] = [
      ["video.mp4", "video/mp4", bytesOf(1_200_000, 1)],
      ["photo.png", "image/png", bytesOf(40_000, 2)],
      ["日記.md", "text/markdown", Buffer.from("# 日記\n")],
      ["empty.txt", "text/plain", Buffer.alloc(0)],
    ];
    uploads = [];
    hashes = new Map();
    for (const [name, type, data] of files) {
      const resource = await uploadResource(host, name, type, data);
      uploads.push(resource);
      hashes.set(resource.id, sha256(data));
    }
    await createMemo(host, "with files", "PUBLIC", { resourceIdList: uploads.map((resource) => resource.id) });
    expect((await host.client.post("/api/resource", { filename: "A link", externalLink: "https://example.com/a.png" })).status).toBe(200);
  });
  afterEach(() => t.close());

  it("moves every blob to a file and back, keeping every byte, and a second run moves nothing", async () => {
    const size = () => statSync(t.ctx.config.dsn).size + (statSync(`${t.ctx.config.dsn}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    const before = t.ctx.store.engine === "sqlite" ? size() : 0;
    const toLocal = await moveStorage(t.ctx.config, "local");
    // SQLite: the pages of the dropped blobs are given back to the file system.
    if (t.ctx.store.engine === "sqlite") expect(size()).toBeLessThan(before - 1_000_000);
    expect(toLocal).toEqual({ moved: 4, bytes: 1_240_000 + Buffer.byteLength("# 日記\n"), already: 1, problems: [] });
    for (const row of await rows()) {
      expect(row.blob).toBeNull();
      if (row.external_link === "") expect(existsSync(join(assets(), row.internal_path))).toBe(true);
      else expect(row.internal_path).toBe("");
    }
    expect(filesUnder(assets())).toHaveLength(4);
    await expectEveryByte();
    expect(await moveStorage(t.ctx.config, "local")).toEqual({ moved: 0, bytes: 0, already: 5, problems: [] });

    const toDb = await moveStorage(t.ctx.config, "db");
    expect(toDb.moved).toBe(4);
    expect(toDb.problems).toEqual([]);
    for (const row of await rows()) expect(row.internal_path).toBe("");
    expect(filesUnder(assets())).toEqual([]);
    await expectEveryByte();
    expect(await moveStorage(t.ctx.config, "db")).toEqual({ moved: 0, bytes: 0, already: 5, problems: [] });
  });

  it("finishes a move stopped halfway: the next run writes every file whose row was not changed yet", async () => {
    // As if a run had died after writing a file, but before its row changed: the file is there, the blob too.
    const video = uploads[0]!;
    const stray = join(assets(), "0", `${video.id}-0badf00d-video.mp4`);
    mkdirSync(dirname(stray), { recursive: true });
    writeFileSync(stray, "half a video");
    const outcome = await moveStorage(t.ctx.config, "local");
    expect(outcome.moved).toBe(4);
    const row = (await rows()).find((each) => each.id === video.id)!;
    expect(row.internal_path).not.toBe(`0/${video.id}-0badf00d-video.mp4`);
    await expectEveryByte();
  });

  it("keeps the files of two databases sharing a data folder apart, though their ids and names are the same", async () => {
    await moveStorage(t.ctx.config, "local");
    // The demo database beside the production one, in the same data folder: its first resource is id 1 too.
    const other = await createTestApp({
      storage: "local",
      data: t.ctx.config.data,
      driver: "sqlite",
      sqliteFile: join(t.ctx.config.data, "memos_demo.db"),
    });
    try {
      const otherHost = await signUpHost(other);
      const video = uploads[0]!;
      const theirs = await uploadResource(otherHost, video.filename, "video/mp4", Buffer.from("the demo's video"));
      expect(theirs.id).toBe(video.id);
      expect((await getRaw(other, otherHost.client, `/o/r/${theirs.id}/${video.filename}`)).rawPayload.toString()).toBe("the demo's video");
      await expectEveryByte();
    } finally {
      await other.close();
    }
  });

  it("reports a missing file, leaves its row alone and moves the rest", async () => {
    await moveStorage(t.ctx.config, "local");
    const lost = uploads[1]!;
    const lostRow = (await rows()).find((row) => row.id === lost.id)!;
    rmSync(join(assets(), lostRow.internal_path));
    const outcome = await moveStorage(t.ctx.config, "db");
    expect(outcome.moved).toBe(3);
    expect(outcome.problems).toEqual([`resource ${lost.id}: ${lostRow.internal_path}: the file is missing; left as it is`]);
    expect((await rows()).find((row) => row.id === lost.id)!.internal_path).toBe(lostRow.internal_path);
    uploads = uploads.filter((resource) => resource !== lost);
    await expectEveryByte();
  });

  it("new uploads of a server started with --storage local sit beside the moved ones", async () => {
    await moveStorage(t.ctx.config, "local");
    t.ctx.config.storage = "local";
    const later = await uploadResource(host, "later.bin", "application/octet-stream", bytesOf(5000, 9));
    uploads.push(later);
    hashes.set(later.id, sha256(bytesOf(5000, 9)));
    expect(filesUnder(assets())).toHaveLength(5);
    expect((await moveStorage(t.ctx.config, "db")).moved).toBe(5);
    await expectEveryByte();
  });

  it("refuses while a server uses the database", async () => {
    const mark = markInstance(instanceMarkOf(t.ctx.config));
    try {
      await expect(moveStorage(t.ctx.config, "local")).rejects.toThrow(/is using .*: stop it first/);
    } finally {
      mark.release();
    }
    expect((await rows()).filter((row) => row.internal_path !== "")).toEqual([]);
  });

  it("needs --to local or --to db", async () => {
    await expect(storageCommand(["--data", t.ctx.config.data])).rejects.toThrow(UsageError);
    await expect(storageCommand(["--to", "s3", "--data", t.ctx.config.data])).rejects.toThrow(/--to is required: local .* or db/);
  });
});

describe("npm run storage killed halfway", () => {
  let t: TestApp;
  let hashes: Map<number, string>;
  const assets = () => join(t.ctx.config.data, "assets");
  const referenced = async () =>
    new Set(
      (await t.ctx.store.db.selectFrom("resource").select("internal_path").where("internal_path", "<>", "").execute()).map((row) =>
        join(assets(), row.internal_path),
      ),
    );
  /** Files under the assets folder (the incoming folder too) that no row refers to. */
  const unreferenced = async () => {
    const kept = await referenced();
    return filesUnder(assets()).filter((file) => !kept.has(file));
  };
  const storageFlags = () => ["storage", "--to", "local", "--data", t.ctx.config.data, "--dsn", t.ctx.config.dsn];

  beforeEach(async () => {
    t = await createTestApp({ storage: "db" });
    await signUpHost(t);
    hashes = new Map();
    // Blobs of a megabyte: each step writes (and flushes) one, then changes its row.
    for (let i = 0; i < 30; i++) {
      const blob = bytesOf(1_000_000, 100 + i);
      const row = await t.ctx.store.db
        .insertInto("resource")
        .values({ creator_id: 1, filename: `clip-${i}.bin`, type: "application/octet-stream", size: blob.length, blob })
        .returning("id")
        .executeTakeFirstOrThrow();
      hashes.set(row.id, sha256(blob));
    }
  });
  afterEach(() => t.close());

  /**
   * Runs the move in a child and kills it as soon as a file appears: the first one being written (in the incoming
   * folder), or the first one with its final name (its row is changed next).
   */
  async function killAtFirstFile(placed: boolean) {
    const incoming = join("assets", ".incoming");
    const { killed, output } = await killCliWhen(storageFlags(), t.ctx.config.data, () =>
      filesUnder(assets()).some((file) => !placed || !file.includes(incoming)),
    );
    expect(killed, output).toBe(true);
    await killedSessionsGone();
  }

  /**
   * PostgreSQL finishes a statement the killed process had sent (its COMMIT) after the process is gone: what it
   * wrote counts only once its session has ended, so the test reads the rows after that, as a later start would.
   */
  async function killedSessionsGone() {
    if (t.ctx.store.engine !== "postgres") return;
    await expect
      .poll(
        async () =>
          Number(
            (
              await sql<{ n: string | number }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')`.execute(
                t.ctx.store.db,
              )
            ).rows[0]!.n,
          ),
        { timeout: 10_000 },
      )
      .toBe(0);
  }

  async function expectEveryByteAndNoStray() {
    expect(await unreferenced()).toEqual([]);
    const rows = await t.ctx.store.db.selectFrom("resource").select(["id", "internal_path"]).execute();
    for (const row of rows) {
      expect(row.internal_path).not.toBe("");
      expect(sha256(await readFile(join(assets(), row.internal_path)))).toBe(hashes.get(row.id));
    }
  }

  it("the next run removes the file the killed one was writing, and finishes", async () => {
    await killAtFirstFile(false);
    expect(await moveStorage(t.ctx.config, "local")).toMatchObject({ problems: [] });
    await expectEveryByteAndNoStray();
  });

  it("a server's start removes a file written for a row that was never changed (and nothing a row refers to)", async () => {
    await killAtFirstFile(true);
    const before = await referenced();
    const removed = await removeLeftovers(t.ctx.store, t.ctx.config);
    expect(await unreferenced()).toEqual([]);
    for (const file of before) expect(existsSync(file)).toBe(true);
    expect(removed.every((file) => !before.has(file))).toBe(true);
    expect(await moveStorage(t.ctx.config, "local")).toMatchObject({ problems: [] });
    await expectEveryByteAndNoStray();
  });
});
