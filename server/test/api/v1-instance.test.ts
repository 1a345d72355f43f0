// InstanceService beyond the profile, over both transports: every setting key of memos 0.30 answered (ours, or memos'
// answer for a setting nobody set), each to whom memos shows it; GENERAL changed through our settings and their rules;
// the mail test and the stats for administrators; AIService's transcription Unimplemented.
import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIService } from "../../src/v1/gen/memos/api/v1/ai_service_pb.js";
import {
  InstanceService,
  InstanceSetting_GeneralSettingSchema,
  InstanceSetting_StorageSetting_StorageType,
} from "../../src/v1/gen/memos/api/v1/instance_service_pb.js";
import { createUser } from "../factories.js";
import { connectClient, failure, rest, startV1Instance, type V1Instance } from "../v1-client.js";

let v: V1Instance;
let adminToken: string;
let adminCookie: string;

beforeAll(async () => {
  v = await startV1Instance();
  const admin = await createUser(v.t, v.host, "admin", "ADMIN");
  adminCookie = admin.client.cookie!;
  adminToken = (await admin.client.post("/api/access-token", { name: "admin", scope: "read-write" })).body.data.token;
});
afterAll(() => v.t.close());

const KEYS = ["GENERAL", "STORAGE", "MEMO_RELATED", "TAGS", "NOTIFICATION", "AI"] as const;
const hostSession = () => connectClient(v.base, InstanceService, { cookie: v.host.client.cookie! });

describe("reading settings", () => {
  it("answers every key of memos to the host, over REST and Connect, each from our settings or as memos' unset default", async () => {
    for (const key of KEYS) {
      const answer = await rest(v.base, "GET", `/api/v1/instance/settings/${key}`, { token: v.hostToken });
      expect(answer.status, key).toBe(200);
      expect(answer.body.name).toBe(`instance/settings/${key}`);
    }
    const connect = connectClient(v.base, InstanceService, { authorization: `Bearer ${v.hostToken}` });
    const storage = await connect.getInstanceSetting({ name: "instance/settings/STORAGE" });
    expect(storage.value.case).toBe("storageSetting");
    expect(storage.value.value).toMatchObject({
      storageType: InstanceSetting_StorageSetting_StorageType.DATABASE,
      uploadSizeLimitMb: BigInt(Math.floor(v.t.ctx.config.maxUploadBytes / 1024 / 1024)),
    });
    const memoRelated = await rest(v.base, "GET", "/api/v1/instance/settings/MEMO_RELATED");
    expect(memoRelated.body.memoRelatedSetting).toMatchObject({ contentLengthLimit: 1024 * 1024, enableDoubleClickEdit: false });
    expect(memoRelated.body.memoRelatedSetting.reactions).toContain("👍");
    const tags = await rest(v.base, "GET", "/api/v1/instance/settings/TAGS");
    expect(tags.body).toEqual({ name: "instance/settings/TAGS", tagsSetting: { tags: {} } });
    const notification = await connect.getInstanceSetting({ name: "instance/settings/NOTIFICATION" });
    expect(notification.value.case === "notificationSetting" && notification.value.value.email?.enabled).toBe(false);
    const ai = await rest(v.base, "GET", "/api/v1/instance/settings/AI", { token: v.memberToken });
    expect(ai.body.aiSetting).toMatchObject({ providers: [] });
  });

  it("GENERAL follows our settings", async () => {
    await v.host.client.post("/api/system/setting", { name: "allowSignUp", value: "true" });
    await v.host.client.post("/api/system/setting", {
      name: "customizedProfile",
      value: JSON.stringify({ name: "Notes", description: "ours" }),
    });
    const general = await rest(v.base, "GET", "/api/v1/instance/settings/GENERAL");
    expect(general.body.generalSetting).toMatchObject({
      disallowUserRegistration: false,
      disallowPasswordAuth: false,
      customProfile: { title: "Notes", description: "ours" },
    });
    await v.host.client.post("/api/system/setting", { name: "allowSignUp", value: "false" });
    expect((await rest(v.base, "GET", "/api/v1/instance/settings/GENERAL")).body.generalSetting.disallowUserRegistration).toBe(true);
  });

  it("keeps STORAGE and NOTIFICATION to administrators and AI to members, as memos does", async () => {
    const expected: Record<(typeof KEYS)[number], [number, number, number]> = {
      GENERAL: [200, 200, 200],
      STORAGE: [401, 403, 200],
      MEMO_RELATED: [200, 200, 200],
      TAGS: [200, 200, 200],
      NOTIFICATION: [401, 403, 200],
      AI: [401, 200, 200],
    };
    for (const key of KEYS) {
      const path = `/api/v1/instance/settings/${key}`;
      const statuses = [
        (await rest(v.base, "GET", path)).status,
        (await rest(v.base, "GET", path, { token: v.memberToken })).status,
        (await rest(v.base, "GET", path, { token: adminToken })).status,
      ];
      expect(statuses, key).toEqual(expected[key]);
    }
  });

  it("batch-gets in the order asked, refusing a bad name by its index and more than 100 names", async () => {
    const batch = await rest(v.base, "POST", "/api/v1/instance/settings:batchGet", {
      token: v.hostToken,
      body: { names: ["instance/settings/TAGS", "instance/settings/GENERAL", "instance/settings/STORAGE"] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.settings.map((setting: { name: string }) => setting.name)).toEqual([
      "instance/settings/TAGS",
      "instance/settings/GENERAL",
      "instance/settings/STORAGE",
    ]);
    const connect = connectClient(v.base, InstanceService);
    const visitor = await connect.batchGetInstanceSettings({ names: ["instance/settings/GENERAL", "instance/settings/MEMO_RELATED"] });
    expect(visitor.settings.map((setting) => setting.value.case)).toEqual(["generalSetting", "memoRelatedSetting"]);
    expect((await failure(connect.batchGetInstanceSettings({ names: ["instance/settings/STORAGE"] }))).code).toBe(Code.Unauthenticated);
    const bad = await failure(connect.batchGetInstanceSettings({ names: ["instance/settings/GENERAL", "instance/settings/BASIC"] }));
    expect([bad.code, bad.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid names\[1\]: /)]);
    const tooMany = await failure(connect.batchGetInstanceSettings({ names: Array(101).fill("instance/settings/GENERAL") }));
    expect([tooMany.code, tooMany.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid names: /)]);
    const malformed = await rest(v.base, "GET", "/api/v1/instance/settings/general");
    expect([malformed.status, malformed.body.message]).toEqual([400, expect.stringMatching(/^invalid name: /)]);
  });
});

describe("changing settings", () => {
  it("changes GENERAL's fields through our settings, from the host's session, with or without a mask", async () => {
    const client = hostSession();
    const current = await client.getInstanceSetting({ name: "instance/settings/GENERAL" });
    // The whole setting sent back with two fields changed, as memos' web client sends it (no mask).
    const general = create(InstanceSetting_GeneralSettingSchema, {
      ...(current.value.value as object),
      $typeName: undefined,
      disallowUserRegistration: false,
      customProfile: { title: "Renamed", description: "d", logoUrl: "" },
    } as never);
    const updated = await client.updateInstanceSetting({
      setting: { name: "instance/settings/GENERAL", value: { case: "generalSetting", value: general } },
    });
    expect(updated.value.value).toMatchObject({ disallowUserRegistration: false, customProfile: { title: "Renamed" } });
    const status = (await v.host.client.get("/api/status")).body.data;
    expect(status).toMatchObject({ allowSignUp: true, customizedProfile: { name: "Renamed", description: "d" } });

    const patched = await rest(v.base, "PATCH", "/api/v1/instance/settings/GENERAL?updateMask=disallow_user_registration", {
      cookie: v.host.client.cookie!,
      body: { generalSetting: { disallowUserRegistration: true, customProfile: { title: "ignored" } } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.generalSetting).toMatchObject({ disallowUserRegistration: true, customProfile: { title: "Renamed" } });
    expect((await v.host.client.get("/api/status")).body.data.allowSignUp).toBe(false);

    // Without a mask, a REST body replaces the whole setting, as memos replaces it (its name is no field to change).
    const whole = await rest(v.base, "PATCH", "/api/v1/instance/settings/GENERAL", {
      cookie: v.host.client.cookie!,
      body: { name: "instance/settings/GENERAL", generalSetting: { ...patched.body.generalSetting, disallowUserRegistration: false } },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect((await v.host.client.get("/api/status")).body.data).toMatchObject({ allowSignUp: true, customizedProfile: { name: "Renamed" } });
  });

  it("refuses what our rules refuse, naming the field; page code stays the host's; other keys are fixed here", async () => {
    const patch = (query: string, body: object, cookie = v.host.client.cookie!) =>
      rest(v.base, "PATCH", `/api/v1/instance/settings/GENERAL${query}`, { cookie, body });
    const cases: Array<[string, object, RegExp]> = [
      [
        "?updateMask=week_start_day_offset",
        { generalSetting: { weekStartDayOffset: 1 } },
        /^invalid setting\.general_setting\.week_start_day_offset: /,
      ],
      [
        "?updateMask=custom_profile",
        { generalSetting: { customProfile: { title: "x", logoUrl: "javascript:alert(1)" } } },
        /^invalid setting\.general_setting\.custom_profile: customizedProfile\.logoUrl: /,
      ],
      ["?updateMask=color", { generalSetting: {} }, /^invalid update_mask: /],
      ["", { memoRelatedSetting: {} }, /^invalid setting\.general_setting: /],
    ];
    for (const [query, body, message] of cases) {
      const answer = await patch(query, body);
      expect([answer.status, answer.body.code], query).toEqual([400, 3]);
      expect(answer.body.message, query).toMatch(message);
    }
    const pageCode = await patch("?updateMask=additional_script", { generalSetting: { additionalScript: "alert(1)" } }, adminCookie);
    expect([pageCode.status, pageCode.body.code]).toEqual([403, 7]);
    const sameScript = await patch(
      "?updateMask=additional_script,disallow_password_auth",
      { generalSetting: { additionalScript: "" } },
      adminCookie,
    );
    expect(sameScript.status, JSON.stringify(sameScript.body)).toBe(200);
    const storage = await rest(v.base, "PATCH", "/api/v1/instance/settings/STORAGE", {
      cookie: v.host.client.cookie!,
      body: { storageSetting: { storageType: "LOCAL" } },
    });
    expect([storage.status, storage.body.code]).toEqual([400, 9]);
    expect(storage.body.message).toMatch(/STORAGE is fixed/);
  });

  it("is an administrator's, from a signed-in session only", async () => {
    const body = { generalSetting: { disallowUserRegistration: true } };
    const path = "/api/v1/instance/settings/GENERAL?updateMask=disallow_user_registration";
    expect((await rest(v.base, "PATCH", path, { body })).status).toBe(401);
    expect((await rest(v.base, "PATCH", path, { body, cookie: v.member.client.cookie! })).status).toBe(403);
    const token = await rest(v.base, "PATCH", path, { body, token: v.hostToken });
    expect([token.status, token.body.code]).toEqual([403, 7]);
    expect((await rest(v.base, "PATCH", path, { body, cookie: adminCookie })).status).toBe(200);
  });
});

describe("mail, stats and AI", () => {
  it("refuses the mail test cleanly: this server has no SMTP settings", async () => {
    const test = await failure(hostSession().testInstanceEmailSetting({ recipientEmail: "a@example.com" }));
    expect([test.code, test.rawMessage]).toEqual([Code.FailedPrecondition, expect.stringMatching(/no SMTP/)]);
    const member = await rest(v.base, "POST", "/api/v1/instance/settings/notification:testEmail", { token: v.memberToken, body: {} });
    expect(member.status).toBe(403);
  });

  it("answers the database's size and the data folder's to administrators", async () => {
    const stats = await rest(v.base, "GET", "/api/v1/instance/stats", { token: adminToken });
    expect(stats.status).toBe(200);
    expect(stats.body.database.driver).toBe(v.t.ctx.store.engine);
    expect(Number(stats.body.database.sizeBytes)).toBeGreaterThan(0);
    expect(Number(stats.body.localStorageBytes)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(stats.body.generatedTime)).toBeGreaterThan(Date.now() - 60_000);
    const connect = await connectClient(v.base, InstanceService, { authorization: `Bearer ${v.hostToken}` }).getInstanceStats({});
    expect(connect.database?.sizeBytes).toBeGreaterThan(0n);
    expect((await rest(v.base, "GET", "/api/v1/instance/stats", { token: v.memberToken })).status).toBe(403);
    expect((await rest(v.base, "GET", "/api/v1/instance/stats")).status).toBe(401);
  });

  it("answers transcription Unimplemented on both transports", async () => {
    const ai = connectClient(v.base, AIService, { authorization: `Bearer ${v.memberToken}` });
    const refused = await failure(ai.transcribe({ audio: { source: { case: "content", value: new Uint8Array([1, 2]) } } }));
    expect(refused.code).toBe(Code.Unimplemented);
    const answer = await rest(v.base, "POST", "/api/v1/ai:transcribe", { token: v.memberToken, body: { audio: { content: "AQI=" } } });
    expect([answer.status, answer.body.code]).toEqual([501, 12]);
    expect((await rest(v.base, "POST", "/api/v1/ai:transcribe", { body: {} })).status).toBe(401);
  });
});
