// Stored settings, read by key with their type and default: a user's (user_setting) and the instance's
// (system_setting), each a key and its value as JSON text. Every reader of a setting goes through here, and so does
// every writer's encoding: a value that is missing, not JSON, or not of its key's type reads as the key's default.
import {
  customizedProfileSchema,
  DISABLE_COMMENTS_SETTING,
  DISABLE_MCP_SETTING,
  DISABLE_PROJECT_INFO_SETTING,
  DISABLE_WEBHOOKS_SETTING,
  DISABLE_PASSWORD_SIGN_IN_SETTING,
  DEFAULT_MEMO_HISTORY,
  DEFAULT_TRASH_RETENTION_DAYS,
  MEMO_HISTORY_SETTING,
  memoHistorySettingSchema,
  REQUIRE_TWO_FACTOR_SETTING,
  SSO_SECOND_FACTOR_SETTING,
  TRASH_RETENTION_SETTING,
  trashRetentionSchema,
  type UserSettingKey,
  userSettingValueSchemas,
} from "@memos/common";
import { z } from "zod";
import type { Db } from "../db.js";
import { findSystemSetting, listSystemSettings } from "./system-setting.store.js";
import { findUserSetting } from "./user-setting.store.js";

export type UserSettings = { [K in UserSettingKey]: z.infer<(typeof userSettingValueSchemas)[K]> };

const USER_SETTING_DEFAULTS: UserSettings = {
  locale: "en",
  appearance: "system",
  memoVisibility: "PRIVATE",
  memoDisplayTsOption: "created_ts",
};

/** The instance's settings a route may write (system.service.ts judges the writes), and the server's own. */
const systemSettingValueSchemas = {
  allowSignUp: z.boolean(),
  [DISABLE_WEBHOOKS_SETTING]: z.boolean(),
  [DISABLE_COMMENTS_SETTING]: z.boolean(),
  [DISABLE_MCP_SETTING]: z.boolean(),
  [DISABLE_PROJECT_INFO_SETTING]: z.boolean(),
  [REQUIRE_TWO_FACTOR_SETTING]: z.boolean(),
  [DISABLE_PASSWORD_SIGN_IN_SETTING]: z.boolean(),
  [SSO_SECOND_FACTOR_SETTING]: z.boolean(),
  additionalStyle: z.string(),
  additionalScript: z.string(),
  /** Partial: the fields left out read as their defaults (system.service.ts). */
  customizedProfile: customizedProfileSchema,
  [MEMO_HISTORY_SETTING]: memoHistorySettingSchema,
  [TRASH_RETENTION_SETTING]: trashRetentionSchema,
  serverId: z.string(),
} as const;

type SystemSettingName = keyof typeof systemSettingValueSchemas;
export type SystemSettings = { [K in SystemSettingName]: z.infer<(typeof systemSettingValueSchemas)[K]> };

const SYSTEM_SETTING_DEFAULTS: SystemSettings = {
  allowSignUp: false,
  [DISABLE_WEBHOOKS_SETTING]: false,
  [DISABLE_COMMENTS_SETTING]: false,
  [DISABLE_MCP_SETTING]: false,
  [DISABLE_PROJECT_INFO_SETTING]: false,
  [REQUIRE_TWO_FACTOR_SETTING]: false,
  [DISABLE_PASSWORD_SIGN_IN_SETTING]: false,
  // On unless the host turns it off: an account's own second factor is not skipped by signing in elsewhere.
  [SSO_SECOND_FACTOR_SETTING]: true,
  additionalStyle: "",
  additionalScript: "",
  customizedProfile: {},
  [MEMO_HISTORY_SETTING]: DEFAULT_MEMO_HISTORY,
  [TRASH_RETENTION_SETTING]: DEFAULT_TRASH_RETENTION_DAYS,
  serverId: "",
};

const SYSTEM_SETTING_NAMES = Object.keys(systemSettingValueSchemas) as SystemSettingName[];

/** A stored value's JSON, or undefined when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A stored value decoded for a copy of what is stored (the export): its JSON, or the text itself when not JSON. */
export function storedValue(text: string): unknown {
  const value = parseJson(text);
  return value === undefined ? text : value;
}

/** The text a user setting's value is stored as. */
export function encodeUserSetting<K extends UserSettingKey>(_key: K, value: UserSettings[K]): string {
  return JSON.stringify(value);
}

/** The text an instance setting's value is stored as. */
export function encodeSystemSetting<K extends SystemSettingName>(_name: K, value: SystemSettings[K]): string {
  return JSON.stringify(value);
}

/**
 * A user setting's value from the text a client sent: the value, or why it is refused (`"not-json"`, or
 * `"invalid"` when it is JSON but not of the key's type).
 */
export function parseUserSetting<K extends UserSettingKey>(
  key: K,
  text: string,
): { value: UserSettings[K] } | { refused: "not-json" | "invalid" } {
  const json = parseJson(text);
  if (json === undefined) return { refused: "not-json" };
  const result = userSettingValueSchemas[key].safeParse(json);
  return result.success ? { value: result.data as UserSettings[K] } : { refused: "invalid" };
}

function decodeUserSetting<K extends UserSettingKey>(key: K, text: string | undefined): UserSettings[K] {
  if (text === undefined) return USER_SETTING_DEFAULTS[key];
  const parsed = parseUserSetting(key, text);
  return "value" in parsed ? parsed.value : USER_SETTING_DEFAULTS[key];
}

function decodeSystemSetting<K extends SystemSettingName>(name: K, text: string | undefined): SystemSettings[K] {
  if (text === undefined) return SYSTEM_SETTING_DEFAULTS[name];
  // The server id may have been stored as plain text (by hand, or by another version): it is still the id.
  const json = name === "serverId" ? storedValue(text) : parseJson(text);
  const result = systemSettingValueSchemas[name].safeParse(json);
  return result.success ? (result.data as SystemSettings[K]) : SYSTEM_SETTING_DEFAULTS[name];
}

/** A user's setting `key`, or its default. */
export async function readUserSetting<K extends UserSettingKey>(db: Db, userId: number, key: K): Promise<UserSettings[K]> {
  return decodeUserSetting(key, (await findUserSetting(db, userId, key))?.value);
}

/** The instance's setting `name`, or its default. */
export async function readSystemSetting<K extends SystemSettingName>(db: Db, name: K): Promise<SystemSettings[K]> {
  return decodeSystemSetting(name, (await findSystemSetting(db, name))?.value);
}

/** Every setting of the instance in one read, each with its default. */
export async function readSystemSettings(db: Db): Promise<SystemSettings> {
  const stored = new Map((await listSystemSettings(db)).map((row) => [row.name, row.value]));
  return Object.fromEntries(SYSTEM_SETTING_NAMES.map((name) => [name, decodeSystemSetting(name, stored.get(name))])) as SystemSettings;
}
