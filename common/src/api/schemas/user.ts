// Accounts and their settings (routes/user.ts): creating and changing an account, a setting's value, and the account
// and setting as answered.
import { z } from "zod";
import { APPEARANCES, LOCALES, MEMO_DISPLAY_TS_OPTIONS, ROLES, ROW_STATUSES } from "../../domain/constants.js";
import { MEMO_LIST_ORDERS } from "../../domain/memo-list.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { roleSchema, rowStatusSchema, visibilitySchema } from "../shared-schemas.js";

export const userCreateSchema = z.object({
  username: text(INPUT_LIMITS.username),
  password: text(INPUT_LIMITS.password),
  role: optional(roleSchema),
  email: optional(text(INPUT_LIMITS.email)),
  nickname: optional(text(INPUT_LIMITS.nickname)),
});

export const userPatchSchema = z.object({
  username: optional(text(INPUT_LIMITS.username)),
  email: optional(text(INPUT_LIMITS.email)),
  nickname: optional(text(INPUT_LIMITS.nickname)),
  password: optional(text(INPUT_LIMITS.password)),
  /** The caller's own password: checked whenever it is sent (the web's Change password always sends it). */
  currentPassword: optional(text(INPUT_LIMITS.password)),
  rowStatus: optional(rowStatusSchema),
  /** A `data:image/…;base64,…` URL (PNG, JPEG, GIF or WebP; readAvatarDataUrl), or "" to clear the avatar. */
  avatarUrl: optional(text(INPUT_LIMITS.avatarUrl)),
  resetOpenId: optional(z.boolean()),
});

/** A user's settings: each key and the value it takes (JSON text on the wire; the defaults are the server's). */
export const userSettingValueSchemas = {
  locale: z.enum(LOCALES),
  appearance: z.enum(APPEARANCES),
  memoVisibility: visibilitySchema,
  memoDisplayTsOption: z.enum(MEMO_DISPLAY_TS_OPTIONS),
  /** Our addition: the order of the home list (by display time or by the last edit), kept with the account. */
  memoListOrder: z.enum(MEMO_LIST_ORDERS),
} as const;
export type UserSettingKey = keyof typeof userSettingValueSchemas;
export const USER_SETTING_KEYS = Object.keys(userSettingValueSchemas) as UserSettingKey[];

export const userSettingUpsertSchema = z.object({
  key: z.enum(USER_SETTING_KEYS as [UserSettingKey, ...UserSettingKey[]]),
  value: text(INPUT_LIMITS.userSettingValue),
});

// What a client sends (z.input), and the parsed input the server takes (z.infer).
export type UserCreateRequest = z.input<typeof userCreateSchema>;
export type UserPatchRequest = z.input<typeof userPatchSchema>;
export type UserSettingUpsertRequest = z.input<typeof userSettingUpsertSchema>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserPatch = z.infer<typeof userPatchSchema>;
export type UserSettingUpsert = z.infer<typeof userSettingUpsertSchema>;

export const userSettingEntitySchema = z
  .object({ UserID: z.int(), key: z.string(), value: z.string().describe('A JSON-encoded string, e.g. "\\"en\\""') })
  .meta({ id: "UserSetting" });
export type UserSetting = z.infer<typeof userSettingEntitySchema>;

export const userEntitySchema = z
  .object({
    id: z.int(),
    rowStatus: z.enum(ROW_STATUSES),
    createdTs: z.int(),
    updatedTs: z.int(),
    username: z.string(),
    role: z.enum(ROLES),
    email: z.string(),
    nickname: z.string(),
    avatarUrl: z.string().describe("Where the avatar is served (`/file/users/{username}/avatar`), or empty for none"),
    openId: z.string().describe("Empty unless the caller may see it (the account itself, or its host)"),
    userSettingList: z.array(userSettingEntitySchema).nullable(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userEntitySchema>;
