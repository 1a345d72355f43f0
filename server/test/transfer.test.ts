// `npm run transfer`: SQLite → PostgreSQL → SQLite, every table compared, the copy usable as an instance.
import { usernameKey } from "@memos/common";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { transfer } from "../src/cli/transfer.js";
import { openStore } from "../src/store/open.js";
import { compareInstances } from "../src/store/instance/transfer.js";
import { tableClassesOf } from "../src/store/instance/transfer-tables.js";
import { createMemo, createUser, signIn, signUpHost, uploadResource } from "./factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "./harness.js";
import { createPgDatabase, type PgDatabase } from "./pg-database.js";

// Both engines in one test: it runs once, in the PostgreSQL project (which needs the server anyway).
const onPostgres = TEST_DRIVER === "postgres";

let dir: string;
let pg: PgDatabase | undefined;
let pgDsn: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "memos-transfer-"));
  pg = onPostgres ? await createPgDatabase("memos_transfer") : undefined;
  pgDsn = pg?.dsn ?? "";
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
});

/** An instance with a row in every copied table. */
async function populate(t: TestApp): Promise<void> {
  const host = await signUpHost(t, "host");
  const member = await createUser(t, host, "meme", "USER");
  // A name of v0.10's time, outside today's rule: transfers keep it as it is.
  await t.ctx.store.db
    .updateTable("user")
    .set({ username: "Mémé", username_key: usernameKey("Mémé") })
    .where("id", "=", member.user.id)
    .execute();
  await createUser(t, host, "admin", "ADMIN");
  await host.client.post("/api/system/setting", { name: "allowSignUp", value: "true" });
  await member.client.post("/api/user/setting", { key: "locale", value: '"fr"' });
  const memos = [];
  for (let i = 0; i < 30; i++)
    memos.push(await createMemo(i % 3 ? host : member, `note ${i} #tag${i % 4} #日本語 ünïcode`, i % 2 ? "PUBLIC" : "PRIVATE"));
  await host.client.patch(`/api/memo/${memos[1]!.id}`, { rowStatus: "ARCHIVED" });
  await host.client.delete(`/api/memo/${memos[2]!.id}`);
  await host.client.post(`/api/memo/${memos[4]!.id}/organizer`, { pinned: true });
  const resource = await uploadResource(host, "photo.png", "image/png", Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251)));
  await host.client.post(`/api/memo/${memos[4]!.id}/resource`, { resourceId: resource.id });
  await host.client.post("/api/tag", { name: "zeta" });
  await host.client.post("/api/tag", { name: "Alpha" });
  await host.client.post("/api/shortcut", { title: "inbox", payload: "[]" });
}

describe("transfer", () => {
  it.runIf(onPostgres)("copies SQLite → PostgreSQL → SQLite with every table equal, refusing a non-empty target", async () => {
    const t = await createTestApp({ driver: "sqlite" });
    try {
      await populate(t);
      const original = t.ctx.config.dsn;
      const there = await transfer({ driver: "sqlite", dsn: original }, { driver: "postgres", dsn: pgDsn });
      expect(there.comparison.filter((row) => !row.same)).toEqual([]);
      expect(there.ok).toBe(true);
      // Every copied table, then the derived ones compared row by row; SQLite's full-text index only by FTS5's check.
      const classes = tableClassesOf("sqlite");
      expect(there.comparison.map((row) => row.table)).toEqual([
        ...classes.filter((table) => table.class === "copied").map((table) => table.name),
        ...classes.filter((table) => table.class === "derived" && table.compare).map((table) => table.name),
      ]);
      expect(there.copied).toMatchObject({
        user: 3,
        memo: 29,
        resource: 1,
        memo_resource: 1,
        memo_organizer: 1,
        shortcut: 1,
        user_setting: 1,
      });
      expect(there.copied.tag).toBeGreaterThanOrEqual(2);
      expect(there.copied.memo_tag).toBeGreaterThan(29);

      await expect(transfer({ driver: "sqlite", dsn: original }, { driver: "postgres", dsn: pgDsn })).rejects.toThrow(
        /is not empty \(rows in system_setting, user, /,
      );

      const back = join(dir, "back.db");
      const returned = await transfer({ driver: "postgres", dsn: pgDsn }, { driver: "sqlite", dsn: back });
      expect(returned.ok).toBe(true);

      // The round trip ends where it started, table by table.
      const a = await openStore({ driver: "sqlite", dsn: original, sqliteReaders: 0 });
      const b = await openStore({ driver: "sqlite", dsn: back, sqliteReaders: 0 });
      try {
        const again = await compareInstances(a.store, b.store);
        expect(again.filter((row) => !row.same)).toEqual([]);
        expect(again.find((row) => row.table === "memo")!.target.rows).toBe(29);
      } finally {
        await a.store.close();
        await b.store.close();
      }
    } finally {
      await t.close();
    }
  });

  it.runIf(onPostgres)("leaves PostgreSQL's ids continuing past the copied ones, and the copy serves sign-in and search", async () => {
    const t = await createTestApp({ driver: "sqlite" });
    try {
      await populate(t);
      expect((await transfer({ driver: "sqlite", dsn: t.ctx.config.dsn }, { driver: "postgres", dsn: pgDsn })).ok).toBe(true);
    } finally {
      await t.close();
    }
    const { store } = await openStore({ driver: "postgres", dsn: pgDsn });
    try {
      const max = await sql<{ m: number }>`SELECT MAX(id) AS m FROM memo`.execute(store.db);
      const inserted = await store.db
        .insertInto("memo")
        .values({ creator_id: 1, content: "new" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBe(Number(max.rows[0]!.m) + 1);
      const user = await store.db
        .insertInto("user")
        .values({ username: "later", password_hash: "x", open_id: "later-open-id", username_key: "later" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(user.id).toBe(4);
    } finally {
      await store.close();
    }
    // Back to SQLite and served: the host signs in with the same password, and search finds through the FTS index.
    const back = join(dir, "back.db");
    expect((await transfer({ driver: "postgres", dsn: pgDsn }, { driver: "sqlite", dsn: back })).ok).toBe(true);
    const served = await createTestApp({ sqliteFile: back });
    try {
      const client = await signIn(served, "host");
      const found = await client.get(`/api/memo?text=${encodeURIComponent("日本語")}&limit=100`);
      expect(found.status).toBe(200);
      expect(found.body.data.length).toBeGreaterThan(0);
      const amount = await client.get("/api/memo/amount");
      expect(amount.status).toBe(200);
    } finally {
      await served.close();
    }
  });
  it.runIf(onPostgres)("walks tables of many pages (composite keys with text, ordered alike on both engines)", async () => {
    const file = join(dir, "many.db");
    const { store } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
    try {
      await store.db.insertInto("user").values({ username: "u", password_hash: "x", open_id: "o", username_key: "u" }).execute();
      for (let from = 0; from < 1300; from += 100) {
        const memos = Array.from({ length: 100 }, (_, i) => ({ creator_id: 1, content: `m ${from + i}` }));
        const ids = await store.db.insertInto("memo").values(memos).returning("id").execute();
        // Tags whose byte order and a locale's order differ: upper/lower case, accents, digits, CJK.
        const tags = ["B", "a", "é", "Z9", "z", "日本"].map((tag, k) => ({ tag, k }));
        await store.db
          .insertInto("memo_tag")
          .values(ids.flatMap(({ id }) => tags.filter(({ k }) => (id + k) % 2 === 0).map(({ tag }) => ({ memo_id: id, tag }))))
          .execute();
      }
      await store.db
        .insertInto("tag")
        .values(["b", "B", "á", "a", "Ä", "_x"].map((name) => ({ name, creator_id: 1 })))
        .execute();
    } finally {
      await store.close();
    }
    const outcome = await transfer({ driver: "sqlite", dsn: file }, { driver: "postgres", dsn: pgDsn });
    expect(outcome.comparison.filter((row) => !row.same)).toEqual([]);
    expect(outcome.copied.memo).toBe(1300);
    expect(outcome.copied.memo_tag).toBe(3900);
    const counts = outcome.comparison.find((row) => row.table === "memo_tag_count")!;
    expect(counts.target.rows).toBe(6);
  });
});

describe("transfer with --storage local", () => {
  it.runIf(onPostgres)("copies the rows of files on disk, which the same data folder serves from either engine", async () => {
    const t = await createTestApp({ driver: "sqlite", storage: "local" });
    try {
      const host = await signUpHost(t, "host");
      const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));
      const onDisk = await uploadResource(host, "scan.png", "image/png", bytes);
      t.ctx.config.storage = "db";
      const inBlob = await uploadResource(host, "blob.txt", "text/plain", Buffer.from("in the database"));
      await createMemo(host, "both", "PUBLIC", { resourceIdList: [onDisk.id, inBlob.id] });
      const lines: string[] = [];
      const there = await transfer({ driver: "sqlite", dsn: t.ctx.config.dsn }, { driver: "postgres", dsn: pgDsn }, (line) =>
        lines.push(line),
      );
      expect(there.ok).toBe(true);
      expect(there.filesOnDisk).toBe(1);
      expect(lines.some((line) => line.startsWith("1 resources keep their bytes as files under <data>/assets"))).toBe(true);
      const { store } = await openStore({ driver: "postgres", dsn: pgDsn });
      try {
        const rows = await store.db.selectFrom("resource").select(["id", "blob", "internal_path"]).orderBy("id").execute();
        expect(rows.map((row) => [row.id, row.blob === null, row.internal_path])).toEqual([
          [onDisk.id, true, expect.stringMatching(new RegExp(`^0/${onDisk.id}-[0-9a-f]{8}-scan\\.png$`))],
          [inBlob.id, false, ""],
        ]);
      } finally {
        await store.close();
      }
      // Back to a SQLite file, served with the original data folder: both files, byte for byte.
      const back = join(dir, "back.db");
      expect((await transfer({ driver: "postgres", dsn: pgDsn }, { driver: "sqlite", dsn: back })).ok).toBe(true);
      const served = await createTestApp({ sqliteFile: back, data: t.ctx.config.data });
      try {
        const client = await signIn(served, "host");
        const file = await served.app.inject({ method: "GET", url: `/o/r/${onDisk.id}/scan.png`, headers: { cookie: client.cookie! } });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(bytes)).toBe(true);
        const blob = await served.app.inject({ method: "GET", url: `/o/r/${inBlob.id}/blob.txt`, headers: { cookie: client.cookie! } });
        expect(blob.rawPayload.toString()).toBe("in the database");
      } finally {
        await served.close();
      }
    } finally {
      await t.close();
    }
  });
});
