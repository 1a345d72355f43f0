// Every setting of the instance settings table (common/src/api/instance-settings.ts) through the API: a value written
// by POST /api/system/setting is listed, read by the server and, when the status carries it, served by GET
// /api/status; who may write it is the entry's writer. A new entry without a value here does not compile.
import { INSTANCE_SETTING_NAMES, type InstanceSettings, instanceSetting, type WritableInstanceSettingName } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSystemSetting } from "../../src/store/sql/settings.js";
import { expectError } from "../expect.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

/** A value of each writable setting other than its default, so a write that is dropped shows. */
const WRITTEN: { [K in WritableInstanceSettingName]: InstanceSettings[K] } = {
  allowSignUp: true,
  requireTwoFactor: true,
  disableWebhooks: true,
  disableMcp: true,
  disableComments: true,
  disableProjectInfo: true,
  memoHistory: { enabled: false, keepAllDays: 7, dailyDays: 90 },
  trashRetentionDays: 12,
  mapTiles: { url: "http://127.0.0.1:1/{z}/{x}/{y}.png", attribution: "Our own tiles" },
  additionalStyle: "body { color: teal }",
  additionalScript: 'console.log("hi")',
  customizedProfile: { name: "Mine", locale: "de" },
  disablePasswordSignIn: true,
  ssoSecondFactor: false,
};

const writable = Object.keys(WRITTEN) as WritableInstanceSettingName[];

let t: TestApp;
let host: TestUser;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ sqliteReaders: 0 });
  host = await signUpHost(t);
  admin = await createUser(t, host, "anadmin", "ADMIN");
  member = await createUser(t, host, "member");
});
afterAll(() => t.close());

const write = (user: TestUser, name: string, value: unknown) =>
  user.client.post("/api/system/setting", { name, value: JSON.stringify(value) });

/** Puts a setting back to its default, so the next test signs in and writes as before. */
async function restore(name: WritableInstanceSettingName): Promise<void> {
  expect((await write(host, name, instanceSetting(name).default)).status).toBe(200);
}

describe("the instance settings table through the API", () => {
  it("has a written value for every setting a route may write, and only those", () => {
    expect(writable.sort()).toEqual(INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).writer !== "server").sort());
  });

  it.each(writable)("%s: written, listed, read by the server, and in the status when it carries it", async (name) => {
    const value = WRITTEN[name];
    expect(value).not.toEqual(instanceSetting(name).default);
    expect((await write(host, name, value)).status).toBe(200);

    const listed = (await host.client.get("/api/system/setting")).body.data;
    expect(listed).toContainEqual({ Name: name, Value: JSON.stringify(value), Description: "" });
    expect(await readSystemSetting(t.ctx.store.db, name)).toEqual(value);

    const status = (await anonymous(t).get("/api/status")).body.data;
    if (instanceSetting(name).status) expect(status[name]).toEqual(typeof value === "object" ? expect.objectContaining(value) : value);
    else expect(status).not.toHaveProperty(name);
    await restore(name);
  });

  it.each(writable)("%s: its writer writes it, nobody else", async (name) => {
    const { writer, sessionOnly } = instanceSetting(name);
    expectError(await write(member, name, WRITTEN[name]), 403);
    expect((await write(admin, name, WRITTEN[name])).status).toBe(writer === "host" ? 403 : 200);
    const openId = (await host.client.get("/api/user/me")).body.data.openId as string;
    const byToken = await host.client.withToken(openId).post("/api/system/setting", { name, value: JSON.stringify(WRITTEN[name]) });
    if (sessionOnly) expectError(byToken, 403, new RegExp(`Only a signed-in session may ${sessionOnly}`), { reason: "auth.session-only" });
    else expect(byToken.status).toBe(200);
    await restore(name);
  });

  it.each(INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).writer === "server"))(
    "%s: the server's own, never written through the API nor listed",
    async (name) => {
      const refusal = instanceSetting(name).refusal ?? "invalid system setting name";
      expectError(await write(host, name, "x"), 400, `system setting invalidate: ${refusal}`);
      const listed = (await host.client.get("/api/system/setting")).body.data as { Name: string }[];
      expect(listed.map((row) => row.Name)).not.toContain(name);
    },
  );

  it("refuses a name outside the table, and stores nothing", async () => {
    expectError(await write(host, "disableEverything", true), 400, "system setting invalidate: invalid system setting name");
    const listed = (await host.client.get("/api/system/setting")).body.data as { Name: string }[];
    expect(listed.map((row) => row.Name)).not.toContain("disableEverything");
  });

  it("reads and writes by the table's names only (tsc checks this file)", () => {
    // @ts-expect-error not a setting of the table
    const read = () => readSystemSetting(t.ctx.store.db, "disableEverything");
    expect(read).toBeTypeOf("function");
    // @ts-expect-error every writable setting needs a written value above, of its own type
    const wrong: typeof WRITTEN = { ...WRITTEN, allowSignUp: "yes" };
    expect(wrong.allowSignUp).toBe("yes");
  });
});
