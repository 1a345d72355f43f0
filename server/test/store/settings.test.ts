// The one reader of stored settings (store/sql/settings.ts): each key with its type, and its default for a value that is
// missing, not JSON, or not of the key's type. Rows are written as another version or a hand edit could leave them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSystemSetting, readSystemSettings, readUserSetting } from "../../src/store/sql/settings.js";
import { signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("stored settings", () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.store.db.deleteFrom("user_setting").execute();
    await t.ctx.store.db.deleteFrom("system_setting").where("name", "!=", "serverId").execute();
  });

  const storeUserSetting = (key: string, value: string) =>
    t.ctx.store.db.insertInto("user_setting").values({ user_id: host.user.id, key, value }).execute();
  const storeSystemSetting = async (name: string, value: string) => {
    await t.ctx.store.db.deleteFrom("system_setting").where("name", "=", name).execute();
    await t.ctx.store.db.insertInto("system_setting").values({ name, value, description: "" }).execute();
  };

  it("reads a user setting's defaults when nothing is stored", async () => {
    const db = t.ctx.store.db;
    expect(await readUserSetting(db, host.user.id, "memoVisibility")).toBe("PRIVATE");
    expect(await readUserSetting(db, host.user.id, "memoDisplayTsOption")).toBe("created_ts");
    expect(await readUserSetting(db, host.user.id, "locale")).toBe("en");
    expect(await readUserSetting(db, host.user.id, "appearance")).toBe("system");
  });

  it.each([
    ['"PUBLIC"', "PUBLIC"],
    ['"PROTECTED"', "PROTECTED"],
    ["PUBLIC", "PRIVATE"],
    ['"public"', "PRIVATE"],
    ["1", "PRIVATE"],
    ["", "PRIVATE"],
  ])("reads memoVisibility stored as %j as %j", async (stored, expected) => {
    await storeUserSetting("memoVisibility", stored);
    expect(await readUserSetting(t.ctx.store.db, host.user.id, "memoVisibility")).toBe(expected);
  });

  it("gives a new memo the default visibility when the stored one is not JSON (it was a 500)", async () => {
    await storeUserSetting("memoVisibility", "PUBLIC");
    const response = await host.client.post("/api/memo", { content: "hello" });
    expect(response.status).toBe(200);
    expect(response.body.data.visibility).toBe("PRIVATE");
  });

  it.each([
    ["allowSignUp", "true", true],
    ["allowSignUp", '"true"', false],
    ["allowSignUp", "yes", false],
    ["disableWebhooks", "true", true],
    ["disableComments", "true", true],
    ["disableMcp", "true", true],
    ["additionalStyle", '"body { color: red }"', "body { color: red }"],
    ["additionalStyle", "42", ""],
    ["customizedProfile", '{"name": "Mine"}', { name: "Mine" }],
    ["customizedProfile", '{"name": 5}', {}],
    ["customizedProfile", "[]", {}],
    ["serverId", '"abc-123"', "abc-123"],
    ["serverId", "abc-123", "abc-123"],
  ] as const)("reads the instance's %s stored as %j as %j", async (name, stored, expected) => {
    await storeSystemSetting(name, stored);
    expect(await readSystemSetting(t.ctx.store.db, name)).toEqual(expected);
    expect((await readSystemSettings(t.ctx.store.db))[name]).toEqual(expected);
  });

  it("reads every instance setting at once, each with its default", async () => {
    await storeSystemSetting("allowSignUp", "true");
    expect(await readSystemSettings(t.ctx.store.db)).toEqual({
      allowSignUp: true,
      disableWebhooks: false,
      disableComments: false,
      disableMcp: false,
      disableProjectInfo: false,
      disablePasswordSignIn: false,
      // On unless the host turns it off.
      ssoSecondFactor: true,
      additionalStyle: "",
      additionalScript: "",
      customizedProfile: {},
      memoHistory: { enabled: true, keepAllDays: 30, dailyDays: 365 },
      trashRetentionDays: 30,
      mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
      requireTwoFactor: false,
      serverId: expect.any(String),
      // v0's session secret: a migrated instance has the row, nothing reads it.
      secretSessionName: "",
    });
  });
});
