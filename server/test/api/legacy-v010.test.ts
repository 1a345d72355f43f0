// Opening a memos v0.10 SQLite file in place: it is backed up first, and every row survives through the API.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Memo, Resource, Shortcut, UserSetting } from "@memos/common";
import SQLite from "better-sqlite3";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import { anonymous, signIn } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";
import { sessionCookieFrom } from "../client.js";

/** memos v0.10.2 `store/db/migration/prod/LATEST__SCHEMA.sql` (wire §6.1). */
const V010_SCHEMA = `
-- migration_history
CREATE TABLE migration_history (
  version TEXT NOT NULL PRIMARY KEY,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now'))
);

-- system_setting
CREATE TABLE system_setting (
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  UNIQUE(name)
);

-- user
CREATE TABLE user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  username TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('HOST', 'ADMIN', 'USER')) DEFAULT 'USER',
  email TEXT NOT NULL DEFAULT '',
  nickname TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  open_id TEXT NOT NULL UNIQUE
);

-- user_setting
CREATE TABLE user_setting (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE(user_id, key)
);

-- memo
CREATE TABLE memo (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  content TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE'
);

-- memo_organizer
CREATE TABLE memo_organizer (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  memo_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0,
  UNIQUE(memo_id, user_id)
);

-- shortcut
CREATE TABLE shortcut (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  title TEXT NOT NULL DEFAULT '',
  payload TEXT NOT NULL DEFAULT '{}'
);

-- resource
CREATE TABLE resource (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  filename TEXT NOT NULL DEFAULT '',
  blob BLOB DEFAULT NULL,
  external_link TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT '',
  size INTEGER NOT NULL DEFAULT 0
);

-- memo_resource
CREATE TABLE memo_resource (
  memo_id INTEGER NOT NULL,
  resource_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  UNIQUE(memo_id, resource_id)
);

-- tag
CREATE TABLE tag (
  name TEXT NOT NULL,
  creator_id INTEGER NOT NULL,
  UNIQUE(name, creator_id)
);

-- activity
CREATE TABLE activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  type TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL CHECK (level IN ('INFO', 'WARN', 'ERROR')) DEFAULT 'INFO',
  payload TEXT NOT NULL DEFAULT '{}'
);
`;

const V010_TABLES = [
  "activity",
  "memo",
  "memo_organizer",
  "memo_resource",
  "migration_history",
  "resource",
  "shortcut",
  "sqlite_sequence",
  "system_setting",
  "tag",
  "user",
  "user_setting",
];

const HOST_PASSWORD = "host-old-secret";
const USER_PASSWORD = "user-old-secret";
const GONE_PASSWORD = "gone-old-secret";
const SERVER_ID = "4f1a3c2e-0b7d-4b8e-9a1f-2c3d4e5f6a7b";
const SESSION_SECRET = "9e8d7c6b-5a49-4838-a726-15f4e3d2c1b0";
const PROFILE = { name: "Old memos", logoUrl: "", description: "from v0.10", locale: "en", appearance: "dark", externalUrl: "" };
const SHORTCUT_PAYLOAD = JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]);
const PHOTO = randomBytes(64 * 1024);

/** Go's bcrypt writes `$2a$`; bcryptjs writes `$2b$` for the same hash. */
const goBcrypt = (password: string) => bcrypt.hashSync(password, 4).replace(/^\$2b\$/, "$2a$");

interface LegacyMemo {
  id: number;
  creatorId: number;
  content: string;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  rowStatus: "NORMAL" | "ARCHIVED";
  createdTs: number;
  updatedTs: number;
}

const MEMOS: LegacyMemo[] = [
  { id: 1, creatorId: 1, content: "public note #work", visibility: "PUBLIC", rowStatus: "NORMAL", createdTs: 1_673_000_000, updatedTs: 1_673_000_500 },
  { id: 2, creatorId: 1, content: "members only #work/sub", visibility: "PROTECTED", rowStatus: "NORMAL", createdTs: 1_673_100_000, updatedTs: 1_673_100_000 },
  { id: 3, creatorId: 1, content: "private diary #personal", visibility: "PRIVATE", rowStatus: "NORMAL", createdTs: 1_673_200_000, updatedTs: 1_673_200_000 },
  { id: 4, creatorId: 1, content: "archived #old", visibility: "PUBLIC", rowStatus: "ARCHIVED", createdTs: 1_673_300_000, updatedTs: 1_673_300_000 },
  { id: 5, creatorId: 2, content: "user idea #ideas", visibility: "PUBLIC", rowStatus: "NORMAL", createdTs: 1_673_400_000, updatedTs: 1_673_900_000 },
  { id: 6, creatorId: 2, content: "user secret", visibility: "PRIVATE", rowStatus: "NORMAL", createdTs: 1_673_500_000, updatedTs: 1_673_500_001 },
  { id: 7, creatorId: 2, content: "日本語 #日本", visibility: "PROTECTED", rowStatus: "NORMAL", createdTs: 1_673_600_000, updatedTs: 1_673_600_000 },
];

function buildV010Database(file: string): void {
  const db = new SQLite(file);
  db.exec(V010_SCHEMA);
  const insertUser = db.prepare(
    "INSERT INTO user (id, created_ts, updated_ts, row_status, username, role, email, nickname, password_hash, open_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  insertUser.run(1, 1_672_000_000, 1_672_000_001, "NORMAL", "oldhost", "HOST", "host@example.com", "The Host", goBcrypt(HOST_PASSWORD), "open-id-host");
  insertUser.run(2, 1_672_100_000, 1_672_100_000, "NORMAL", "olduser", "USER", "", "User", goBcrypt(USER_PASSWORD), "open-id-user");
  insertUser.run(3, 1_672_200_000, 1_672_200_000, "ARCHIVED", "goneuser", "USER", "", "", goBcrypt(GONE_PASSWORD), "open-id-gone");

  const insertMemo = db.prepare("INSERT INTO memo (id, creator_id, created_ts, updated_ts, row_status, content, visibility) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const m of MEMOS) insertMemo.run(m.id, m.creatorId, m.createdTs, m.updatedTs, m.rowStatus, m.content, m.visibility);

  const insertPin = db.prepare("INSERT INTO memo_organizer (memo_id, user_id, pinned) VALUES (?, ?, ?)");
  insertPin.run(2, 1, 1); // the host's own pin
  insertPin.run(5, 1, 1); // the host pinning the user's memo: not the creator's pin
  insertPin.run(6, 2, 0); // an explicit unpin

  db.prepare("INSERT INTO resource (id, creator_id, created_ts, updated_ts, filename, blob, external_link, type, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
    1, 1, 1_673_000_010, 1_673_000_010, "photo.png", PHOTO, "", "image/png", PHOTO.length,
  );
  db.prepare("INSERT INTO resource (id, creator_id, created_ts, updated_ts, filename, external_link) VALUES (?, ?, ?, ?, ?, ?)").run(
    2, 1, 1_673_000_020, 1_673_000_020, "site", "https://example.com/pic.png",
  );
  db.prepare("INSERT INTO memo_resource (memo_id, resource_id, created_ts, updated_ts) VALUES (?, ?, ?, ?)").run(1, 1, 1_673_000_030, 1_673_000_040);

  const insertTag = db.prepare("INSERT INTO tag (name, creator_id) VALUES (?, ?)");
  insertTag.run("work", 1);
  insertTag.run("personal", 1);
  insertTag.run("ideas", 2);

  db.prepare("INSERT INTO shortcut (id, creator_id, created_ts, updated_ts, row_status, title, payload) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    1, 1, 1_673_050_000, 1_673_060_000, "ARCHIVED", "Work", SHORTCUT_PAYLOAD,
  );

  const insertUserSetting = db.prepare("INSERT INTO user_setting (user_id, key, value) VALUES (?, ?, ?)");
  insertUserSetting.run(1, "locale", JSON.stringify("zh"));
  insertUserSetting.run(1, "memoVisibility", JSON.stringify("PUBLIC"));
  insertUserSetting.run(1, "appearance", JSON.stringify("dark"));
  insertUserSetting.run(2, "memoDisplayTsOption", JSON.stringify("updated_ts"));

  const insertSetting = db.prepare("INSERT INTO system_setting (name, value, description) VALUES (?, ?, ?)");
  insertSetting.run("allowSignUp", "true", "");
  insertSetting.run("customizedProfile", JSON.stringify(PROFILE), "");
  insertSetting.run("serverId", JSON.stringify(SERVER_ID), "");
  insertSetting.run("secretSessionName", JSON.stringify(SESSION_SECRET), "");

  db.prepare("INSERT INTO activity (creator_id, created_ts, type, level, payload) VALUES (?, ?, ?, ?, ?)").run(
    1, 1_673_000_000, "memo.create", "INFO", JSON.stringify({ content: "public note #work", visibility: "PUBLIC" }),
  );
  db.prepare("INSERT INTO migration_history (version, created_ts) VALUES ('0.10.0', 1672000000)").run();
  db.close();
}

type Dump = Record<string, unknown[]>;

/** Every table's rows in a stable order, blobs included. */
function dump(file: string): Dump {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    const sorted = (rows: unknown[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return Object.fromEntries(tables.map(({ name }) => [name, sorted(db.prepare(`SELECT * FROM "${name}"`).all())]));
  } finally {
    db.close();
  }
}

const backupsIn = (dir: string) => readdirSync(dir).filter((name) => name.includes(".bak-")).sort();

describe.skipIf(TEST_DRIVER === "postgres")("opening a memos v0.10 database", () => {
  let dir: string;
  let file: string;
  let original: Dump;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "memos-legacy-"));
    file = join(dir, "memos_prod.db");
    buildV010Database(file);
    original = dump(file);
    t = await createTestApp({ sqliteFile: file });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the untouched original as <file>.bak-v0.10.0", () => {
    expect(backupsIn(dir)).toEqual(["memos_prod.db.bak-v0.10.0"]);
    const backup = dump(join(dir, "memos_prod.db.bak-v0.10.0"));
    expect(Object.keys(backup).sort()).toEqual(V010_TABLES);
    expect(backup).toEqual(original);
    expect(Buffer.compare(Buffer.from((backup.resource![0] as { blob: Buffer }).blob), PHOTO)).toBe(0);
  });

  it("adds our tables next to the v0.10 ones, keeping migration_history", () => {
    const now = dump(file);
    for (const table of V010_TABLES) expect(now).toHaveProperty(table);
    expect(now).toHaveProperty("schema_migration");
    expect(now).toHaveProperty("memo_tag");
    expect(now.migration_history).toEqual(original.migration_history);
  });

  it("signs every user in with their old password, then re-hashes it with argon2id", async () => {
    const hashOf = async (id: number) =>
      (await t.ctx.store.db.selectFrom("user").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash;
    expect(await hashOf(1)).toMatch(/^\$2a\$/);

    const wrong = await anonymous(t).post("/api/auth/signin", { username: "oldhost", password: "not-it" });
    expect(wrong.status).toBe(401);
    expect(await hashOf(1)).toMatch(/^\$2a\$/);

    for (const [id, username, password, role] of [
      [1, "oldhost", HOST_PASSWORD, "HOST"],
      [2, "olduser", USER_PASSWORD, "USER"],
    ] as const) {
      const response = await anonymous(t).post("/api/auth/signin", { username, password });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id, username, role, rowStatus: "NORMAL" });
      expect(sessionCookieFrom(response.headers)).toMatch(/^memos_session=/);
      expect(await hashOf(id)).toMatch(/^\$argon2id\$/);
      // The new hash works, and the old password is still the password.
      expect((await anonymous(t).post("/api/auth/signin", { username, password })).status).toBe(200);
    }
  });

  it("keeps the archived user out", async () => {
    const response = await anonymous(t).post("/api/auth/signin", { username: "goneuser", password: GONE_PASSWORD });
    expect(response.status).toBe(403);
  });

  it("keeps users' profiles, settings and openIds", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const me = await host.get("/api/user/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: 1,
      username: "oldhost",
      nickname: "The Host",
      email: "host@example.com",
      role: "HOST",
      openId: "open-id-host",
      createdTs: 1_672_000_000,
      updatedTs: expect.any(Number),
    });
    const settings = me.body.data.userSettingList as UserSetting[];
    const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]));
    expect(byKey).toMatchObject({ locale: '"zh"', memoVisibility: '"PUBLIC"', appearance: '"dark"' });
    // The old openId still authenticates.
    const viaToken = await anonymous(t).withToken("open-id-user").get("/api/user/me");
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.data.username).toBe("olduser");
    const publicUser = await anonymous(t).get("/api/user/2");
    expect(publicUser.body.data).toMatchObject({ id: 2, username: "olduser", nickname: "User", createdTs: 1_672_100_000 });
  });

  it("keeps every memo with its visibility, row status, times and the creator's pins", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const user = await signIn(t, "olduser", USER_PASSWORD);
    const hostList = (await host.get("/api/memo")).body.data as Memo[];
    const userList = (await user.get("/api/memo")).body.data as Memo[];
    const seen = new Map([...hostList, ...userList].map((memo) => [memo.id, memo]));
    for (const legacy of MEMOS) {
      const memo = seen.get(legacy.id);
      expect(memo, `memo ${legacy.id}`).toBeDefined();
      expect(memo).toMatchObject({
        creatorId: legacy.creatorId,
        content: legacy.content,
        visibility: legacy.visibility,
        rowStatus: legacy.rowStatus,
        createdTs: legacy.createdTs,
        updatedTs: legacy.updatedTs,
      });
    }
    expect(seen.get(2)!.pinned).toBe(true);
    expect(seen.get(5)!.pinned).toBe(false);
    expect(seen.get(6)!.pinned).toBe(false);
    expect(seen.get(1)!.pinned).toBe(false);
    // Pinned first, then newest.
    expect(hostList.map((m) => m.id)).toEqual([2, 4, 3, 1]);
    // olduser's setting shows their memos by update time.
    expect(seen.get(5)!.displayTs).toBe(1_673_900_000);
    expect(seen.get(1)!.displayTs).toBe(1_673_000_000);

    const explore = (await anonymous(t).get("/api/memo/all")).body.data as Memo[];
    expect(explore.map((m) => m.id)).toEqual([5, 1]);
    const members = (await user.get("/api/memo/all")).body.data as Memo[];
    expect(members.map((m) => m.id).sort()).toEqual([1, 2, 5, 7]);
    expect((await user.get("/api/memo/3")).status).not.toBe(200);
  });

  it("serves the old blob byte for byte and keeps its memo link", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    for (const caller of [host, null]) {
      const file = await getRaw(t, caller, "/o/r/1/photo.png");
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(Buffer.compare(file.rawPayload, PHOTO)).toBe(0);
    }
    const memo = (await anonymous(t).get("/api/memo/1")).body.data as Memo;
    expect(memo.resourceList).toHaveLength(1);
    expect(memo.resourceList[0]).toMatchObject({ id: 1, filename: "photo.png", type: "image/png", size: PHOTO.length });
    const linked = (await anonymous(t).get("/api/memo/1/resource")).body.data as Resource[];
    expect(linked.map((r) => r.id)).toEqual([1]);
    const resources = (await host.get("/api/resource")).body.data as Resource[];
    expect(resources.map((r) => [r.id, r.linkedMemoAmount])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(resources[0]).toMatchObject({ filename: "site", externalLink: "https://example.com/pic.png", type: "", size: 0 });
  });

  it("keeps tags, and the tag filter works on the old memos", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const user = await signIn(t, "olduser", USER_PASSWORD);
    expect([...(await host.get("/api/tag")).body.data].sort()).toEqual(["personal", "work"]);
    expect((await user.get("/api/tag")).body.data).toEqual(["ideas"]);
    const work = (await host.get("/api/memo", { query: { tag: "work" } })).body.data as Memo[];
    expect(work.map((m) => m.id).sort()).toEqual([1, 2]);
    const cjk = (await user.get("/api/memo", { query: { tag: "日本" } })).body.data as Memo[];
    expect(cjk.map((m) => m.id)).toEqual([7]);
    // Tags in the content but not in the tag table are suggested; the archived memo's are not.
    expect((await host.get("/api/tag/suggestion")).body.data).toEqual(["work/sub"]);
  });

  it("keeps the shortcut, pinned", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const list = (await host.get("/api/shortcut")).body.data as Shortcut[];
    expect(list).toEqual([
      { id: 1, rowStatus: "ARCHIVED", creatorId: 1, createdTs: 1_673_050_000, updatedTs: 1_673_060_000, title: "Work", payload: SHORTCUT_PAYLOAD },
    ]);
    expect((await host.get("/api/shortcut/1")).body.data.title).toBe("Work");
  });

  it("keeps the system settings, and never shows the internal ones", async () => {
    const status = (await anonymous(t).get("/api/status")).body.data;
    expect(status.allowSignUp).toBe(true);
    expect(status.customizedProfile).toMatchObject(PROFILE);
    expect(status.host).toMatchObject({ id: 1, username: "oldhost" });
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const settings = (await host.get("/api/system/setting")).body.data as { Name: string }[];
    expect(settings.map((s) => s.Name).sort()).toEqual(["allowSignUp", "customizedProfile"]);
    const rows = await t.ctx.store.db.selectFrom("system_setting").select(["name", "value"]).orderBy("name").execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: "serverId", value: JSON.stringify(SERVER_ID) },
        { name: "secretSessionName", value: JSON.stringify(SESSION_SECRET) },
      ]),
    );
    // allowSignUp still lets a newcomer in, as a USER.
    const signUp = await anonymous(t).post("/api/auth/signup", { username: "newcomer", password: "new-pass" });
    expect(signUp.status).toBe(200);
    expect(signUp.body.data.role).toBe("USER");
  });

  it("continues ids after the old rows and applies old user settings to new memos", async () => {
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    const created = await host.post("/api/memo", { content: "written after the upgrade #work" });
    expect(created.status).toBe(200);
    expect(created.body.data.id).toBeGreaterThan(7);
    expect(created.body.data.visibility).toBe("PUBLIC");
    const work = (await host.get("/api/memo", { query: { tag: "work" } })).body.data as Memo[];
    expect(work.map((m) => m.id)).toContain(created.body.data.id);
  });

  it("applies nothing and backs up nothing when opened again", async () => {
    await t.close();
    const before = dump(file);
    const { store, migration } = await openStore({ driver: "sqlite", dsn: file });
    try {
      expect(migration).toEqual({ applied: [], backup: null });
    } finally {
      await store.close();
    }
    expect(backupsIn(dir)).toEqual(["memos_prod.db.bak-v0.10.0"]);
    expect(dump(file)).toEqual(before);

    t = await createTestApp({ sqliteFile: file });
    expect(backupsIn(dir)).toEqual(["memos_prod.db.bak-v0.10.0"]);
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    expect((await host.get("/api/memo/1")).body.data.content).toBe("public note #work");
  });
});
