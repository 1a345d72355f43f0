// Stored settings, read by key with their type and default: a user's (user_setting) and the instance's
// (system_setting), each a key and its value as JSON text. Every reader of a setting goes through here, and so does
// every writer's encoding: a value that is missing, not JSON, or not of its key's type reads as the key's default. The
// instance's settings, with their types and defaults, are declared in common/src/api/instance-settings.ts.
import {
  instanceSetting,
  type InstanceSettingName,
  type InstanceSettings,
  INSTANCE_SETTING_NAMES,
  type UserSettingKey,
  userSettingValueSchemas,
} from "@memos/common";
import type { z } from "zod";
import type { Db } from "../db.js";
import { findSystemSetting, listSystemSettings } from "./system-setting.store.js";
import { findUserSetting } from "./user-setting.store.js";

export type UserSettings = { [K in UserSettingKey]: z.infer<(typeof userSettingValueSchemas)[K]> };

const USER_SETTING_DEFAULTS: UserSettings = {
  locale: "en",
  appearance: "system",
  memoVisibility: "PRIVATE",
  memoDisplayTsOption: "created_ts",
  memoListOrder: "display",
};

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
export function encodeSystemSetting<K extends InstanceSettingName>(_name: K, value: InstanceSettings[K]): string {
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

/** A stored instance setting as read: its value when it is of the setting's type, else its default (instance-settings.ts). */
function decodeSystemSetting<K extends InstanceSettingName>(name: K, text: string | undefined): InstanceSettings[K] {
  const entry = instanceSetting(name);
  if (text === undefined) return entry.default as InstanceSettings[K];
  const result = entry.schema.safeParse(entry.readsPlainText ? storedValue(text) : parseJson(text));
  return (result.success ? result.data : entry.default) as InstanceSettings[K];
}

/** A user's setting `key`, or its default. */
export async function readUserSetting<K extends UserSettingKey>(db: Db, userId: number, key: K): Promise<UserSettings[K]> {
  return decodeUserSetting(key, (await findUserSetting(db, userId, key))?.value);
}

/** The instance's setting `name`, or its default. */
export async function readSystemSetting<K extends InstanceSettingName>(db: Db, name: K): Promise<InstanceSettings[K]> {
  return decodeSystemSetting(name, (await findSystemSetting(db, name))?.value);
}

/** Every setting of the instance in one read, each with its default. */
export async function readSystemSettings(db: Db): Promise<InstanceSettings> {
  const stored = new Map((await listSystemSettings(db)).map((row) => [row.name, row.value]));
  return Object.fromEntries(INSTANCE_SETTING_NAMES.map((name) => [name, decodeSystemSetting(name, stored.get(name))])) as InstanceSettings;
}
