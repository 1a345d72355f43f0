// memos' instance setting keys, each answered from ours (common/src/api/instance-settings.ts, read with their
// defaults) or, where we have no equivalent, as memos answers a setting nobody set. GENERAL is the one key whose
// fields are our settings and so the one a client may change; the rest are fixed by the server's start options
// (STORAGE) or by our rules (MEMO_RELATED), or are features we do not have (TAGS, NOTIFICATION, AI).
import {
  type InstanceSettingName,
  type InstanceSettings,
  MAX_MEMO_CONTENT_BYTES,
  QUICK_REACTIONS,
  servedCustomizedProfile,
} from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Config } from "../config.js";
import type { SettingAudience } from "../policies/system.policy.js";
import {
  type InstanceSetting_GeneralSetting,
  type InstanceSetting_Key,
  type InstanceSettingSchema,
  InstanceSetting_StorageSetting_StorageType as StorageType,
} from "./gen/memos/api/v1/instance_service_pb.js";

type SettingValue = MessageInitShape<typeof InstanceSettingSchema>["value"];

interface V1SettingKey {
  /** Who may read it: memos keeps STORAGE and NOTIFICATION (credentials) to administrators, AI to members. */
  audience: SettingAudience;
  present: (settings: InstanceSettings, config: Config) => SettingValue;
}

/** `GeneralSetting` as we answer it: each field as its entry reads it. */
function presentGeneral(settings: InstanceSettings): SettingValue {
  const value = Object.fromEntries(Object.entries(GENERAL_FIELDS).map(([field, entry]) => [field, entry.read(settings)]));
  return { case: "generalSetting", value };
}

/** Every key of memos 0.30 (KEY_UNSPECIFIED aside). */
export const V1_SETTING_KEYS: Record<Exclude<keyof typeof InstanceSetting_Key, "KEY_UNSPECIFIED">, V1SettingKey> = {
  GENERAL: { audience: "everyone", present: presentGeneral },
  STORAGE: {
    audience: "admins",
    present: (_settings, config) => ({
      case: "storageSetting",
      value: {
        storageType: config.storage === "local" ? StorageType.LOCAL : StorageType.DATABASE,
        // Our files are named by the server (<data>/assets), not by a template an administrator writes.
        filepathTemplate: "",
        uploadSizeLimitMb: BigInt(Math.floor(config.maxUploadBytes / (1024 * 1024))),
      },
    }),
  },
  MEMO_RELATED: {
    audience: "everyone",
    present: () => ({
      case: "memoRelatedSetting",
      value: { contentLengthLimit: MAX_MEMO_CONTENT_BYTES, enableDoubleClickEdit: false, reactions: [...QUICK_REACTIONS] },
    }),
  },
  TAGS: { audience: "everyone", present: () => ({ case: "tagsSetting", value: { tags: {} } }) },
  // No mail is sent by this server: the email setting as memos answers it when nobody set one (off, empty).
  NOTIFICATION: { audience: "admins", present: () => ({ case: "notificationSetting", value: { email: {} } }) },
  // No AI provider: none listed, transcription off.
  AI: { audience: "members", present: () => ({ case: "aiSetting", value: { providers: [] } }) },
};

export type V1SettingKeyName = keyof typeof V1_SETTING_KEYS;

export const isV1SettingKey = (key: string): key is V1SettingKeyName => Object.hasOwn(V1_SETTING_KEYS, key);

type GeneralValue = InstanceSetting_GeneralSetting[keyof InstanceSetting_GeneralSetting];

/**
 * A field of GeneralSetting: the setting of ours it reads and writes, or a value it always has (a feature we do not
 * have: the value memos gives when unset, refused when a client asks for another).
 */
type GeneralField =
  | {
      setting: InstanceSettingName;
      read: (settings: InstanceSettings) => GeneralValue;
      /** Our setting's new value for the field's value (the stored one given, for a setting with other fields). */
      write: (value: never, settings: InstanceSettings) => unknown;
    }
  | { fixed: GeneralValue; read: () => GeneralValue };

const fixed = (value: GeneralValue): GeneralField => ({ fixed: value, read: () => value });

/** Keyed by the field's name in TypeScript (its proto name is the snake_case of it). */
export const GENERAL_FIELDS: Record<string, GeneralField> = {
  disallowUserRegistration: { setting: "allowSignUp", read: (s) => !s.allowSignUp, write: (value: boolean) => !value },
  disallowPasswordAuth: { setting: "disablePasswordSignIn", read: (s) => s.disablePasswordSignIn, write: (value: boolean) => value },
  additionalScript: { setting: "additionalScript", read: (s) => s.additionalScript, write: (value: string) => value },
  additionalStyle: { setting: "additionalStyle", read: (s) => s.additionalStyle, write: (value: string) => value },
  customProfile: {
    setting: "customizedProfile",
    read: (s) => {
      const profile = servedCustomizedProfile(s.customizedProfile);
      return { title: profile.name, description: profile.description, logoUrl: profile.logoUrl } as GeneralValue;
    },
    // The profile's other fields (locale, appearance, external URL) are kept as stored.
    write: (value: { title: string; description: string; logoUrl: string }, s) => ({
      ...s.customizedProfile,
      name: value.title,
      description: value.description,
      logoUrl: value.logoUrl,
    }),
  },
  weekStartDayOffset: fixed(0),
  disallowChangeUsername: fixed(false),
  disallowChangeNickname: fixed(false),
};
