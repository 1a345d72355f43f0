import { describe, expect, expectTypeOf, it } from "vitest";
import { DEFAULT_CUSTOMIZED_PROFILE } from "./customized-profile.js";
import { systemStatusEntitySchema } from "./schemas/system.js";
import {
  INSTANCE_SETTING_NAMES,
  type InstanceSettingName,
  instanceSetting,
  instanceSettingProblem,
  instanceStatusSettings,
  type InstanceSettings,
} from "./instance-settings.js";

const defaults = Object.fromEntries(INSTANCE_SETTING_NAMES.map((name) => [name, instanceSetting(name).default])) as InstanceSettings;

describe("the instance settings table", () => {
  it.each(INSTANCE_SETTING_NAMES)("reads and takes %s's default", (name) => {
    const entry = instanceSetting(name);
    expect(entry.schema.safeParse(entry.default).success).toBe(true);
    if (entry.writer !== "server") expect(instanceSettingProblem(name, entry.default)).toBeNull();
  });

  it("draws a switch only for a boolean the status carries", () => {
    const toggles = INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).web.kind === "toggle");
    for (const name of toggles) {
      const entry = instanceSetting(name);
      expect(entry.schema.safeParse(true).success && !entry.schema.safeParse("true").success, name).toBe(true);
      expect(entry.status, name).toBeDefined();
    }
  });

  it("shows the server's own rows nowhere and takes no write of them", () => {
    const own = INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).writer === "server");
    expect(own).toEqual(["serverId", "secretSessionName"]);
    for (const name of own) {
      expect(instanceSetting(name).status, name).toBeUndefined();
      expect(instanceSetting(name).web.kind, name).toBe("none");
    }
  });

  it("gives GET /api/status one field for each setting it carries, in the entity and in the answer", () => {
    const carried = INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).status);
    const fields = Object.keys(systemStatusEntitySchema.shape);
    expect(fields.filter((field) => INSTANCE_SETTING_NAMES.includes(field as InstanceSettingName))).toEqual(carried);
    const answer = instanceStatusSettings(defaults);
    expect(Object.keys(answer)).toEqual(carried);
    const settingsOnly = systemStatusEntitySchema.pick(Object.fromEntries(carried.map((name) => [name, true])) as never);
    expect(settingsOnly.safeParse(answer).success).toBe(true);
  });

  it("serves the profile with its defaults and without an unsafe logo", () => {
    const answer = instanceStatusSettings({ ...defaults, customizedProfile: { name: "Mine", logoUrl: "javascript:alert(1)" } });
    expect(answer.customizedProfile).toEqual({ ...DEFAULT_CUSTOMIZED_PROFILE, name: "Mine", logoUrl: "" });
  });

  it("serves a profile field written as null as its default (the schema reads null as left out)", () => {
    const stored = instanceSetting("customizedProfile").schema.parse({ name: null, locale: "de" }) as InstanceSettings["customizedProfile"];
    expect(instanceStatusSettings({ ...defaults, customizedProfile: stored }).customizedProfile).toEqual({
      ...DEFAULT_CUSTOMIZED_PROFILE,
      locale: "de",
    });
  });
});

describe("instanceSettingProblem", () => {
  it.each([
    ["allowSignUp", "true", "allowSignUp must be a JSON boolean"],
    ["disablePasswordSignIn", 1, "disablePasswordSignIn must be a JSON boolean"],
    ["additionalStyle", 42, "additionalStyle must be a JSON string"],
    ["customizedProfile", [], "customizedProfile must be a JSON object"],
    ["customizedProfile", null, "customizedProfile must be a JSON object"],
    ["customizedProfile", { name: 5 }, "customizedProfile.name: Invalid input: expected string, received number"],
    [
      "customizedProfile",
      { logoUrl: "javascript:x" },
      "customizedProfile.logoUrl: must be an http(s) URL, a path on this site or a data:image URL",
    ],
    ["memoHistory", 5, "memoHistory must be a JSON object"],
    ["memoHistory", { enabled: true, keepAllDays: -1, dailyDays: 1 }, "memoHistory.keepAllDays: Too small: expected number to be >=0"],
    ["trashRetentionDays", 1.5, "trashRetentionDays must be a JSON integer"],
    ["trashRetentionDays", 0, "trashRetentionDays: Too small: expected number to be >=1"],
  ])("refuses %s = %j: %s", (name, value, problem) => {
    expect(instanceSettingProblem(name, value)).toEqual({ field: "value", problem });
  });

  it("refuses a name outside the table, and the server's own rows, by name", () => {
    expect(instanceSettingProblem("somethingElse", true)).toEqual({ field: "name", problem: "invalid system setting name" });
    expect(instanceSettingProblem("toString", true)).toEqual({ field: "name", problem: "invalid system setting name" });
    expect(instanceSettingProblem("serverId", "x")).toEqual({ field: "name", problem: "update server id is not allowed" });
    expect(instanceSettingProblem("secretSessionName", "x")).toEqual({ field: "name", problem: "invalid system setting name" });
  });

  it("takes a profile's fields left out, or null", () => {
    expect(instanceSettingProblem("customizedProfile", {})).toBeNull();
    expect(instanceSettingProblem("customizedProfile", { name: null, locale: "de" })).toBeNull();
  });
});

describe("the table's types", () => {
  it("hold the names: a name outside the table does not compile (tsc checks this file), and reads no entry", () => {
    // @ts-expect-error not a setting of the table
    expect(instanceSetting("disableEverything")).toBeUndefined();
    expectTypeOf<"disableEverything">().not.toExtend<InstanceSettingName>();
    expectTypeOf<InstanceSettings["additionalStyle"]>().toEqualTypeOf<string>();
    expectTypeOf<InstanceSettings["allowSignUp"]>().toEqualTypeOf<boolean>();
  });
});
