// Opening a memos v0.10 SQLite file in place: it is backed up first, and every row survives through the API.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Memo, Resource, Shortcut, UserSetting } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import { anonymous, signIn } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";
import { sessionCookieFrom } from "../client.js";
import {
  V010_TABLES,
  HOST_PASSWORD,
  USER_PASSWORD,
  GONE_PASSWORD,
  SERVER_ID,
  SESSION_SECRET,
  PROFILE,
  SHORTCUT_PAYLOAD,
  PHOTO,
  MEMOS,
  backupsIn,
  buildV010Database,
  dump,
  type Dump,
} from "../legacy-v010-fixture.js";

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

  it("keeps two accounts whose names differ only by case: each signs in by its exact name; new clashes are refused", async () => {
    const older = await anonymous(t).post("/api/auth/signin", { username: "olduser", password: USER_PASSWORD });
    expect(older.body.data).toMatchObject({ id: 2, username: "olduser" });
    const newer = await anonymous(t).post("/api/auth/signin", { username: "OldUser", password: USER_PASSWORD });
    expect(newer.body.data).toMatchObject({ id: 4, username: "OldUser" });
    const keys = await t.ctx.store.db.selectFrom("user").select(["id", "username_key"]).where("id", "in", [2, 4]).orderBy("id").execute();
    expect(keys).toEqual([
      { id: 2, username_key: "olduser" },
      { id: 4, username_key: null },
    ]);
    const host = await signIn(t, "oldhost", HOST_PASSWORD);
    expect((await host.post("/api/user", { username: "OLDUSER", password: "pass1234" })).status).toBe(409);
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
      {
        id: 1,
        rowStatus: "ARCHIVED",
        creatorId: 1,
        createdTs: 1_673_050_000,
        updatedTs: 1_673_060_000,
        title: "Work",
        payload: SHORTCUT_PAYLOAD,
      },
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
