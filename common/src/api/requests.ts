// Zod schemas of every request body and query the server accepts. Unknown keys are dropped, so
// server-only fields (passwordHash, openId, updatedTs, creatorId, id) can never come from a client.
import { z } from "zod";
import {
  APPEARANCES,
  LOCALES,
  MAX_MEMO_CONTENT_BYTES,
  MEMO_DISPLAY_TS_OPTIONS,
  ROLES,
  ROW_STATUSES,
  VISIBILITIES,
} from "../domain/constants.js";

/** Go decoding treats `null` for a pointer field as "absent". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
const unixSeconds = z.int().min(0).max(253_402_300_799);
const memoContent = z
  .string()
  .refine((value) => new TextEncoder().encode(value).length <= MAX_MEMO_CONTENT_BYTES, {
    message: `content is too long, maximum is ${MAX_MEMO_CONTENT_BYTES} bytes`,
  });

export const visibilitySchema = z.enum(VISIBILITIES);
export const rowStatusSchema = z.enum(ROW_STATUSES);
export const roleSchema = z.enum(ROLES);

export const signInSchema = z.object({ username: z.string(), password: z.string() });

export const signUpSchema = z.object({
  username: z.string(),
  password: z.string(),
  role: optional(roleSchema),
});

export const userCreateSchema = z.object({
  username: z.string(),
  password: z.string(),
  role: optional(roleSchema),
  email: optional(z.string()),
  nickname: optional(z.string()),
});

export const userPatchSchema = z.object({
  username: optional(z.string()),
  email: optional(z.string()),
  nickname: optional(z.string()),
  password: optional(z.string()),
  rowStatus: optional(rowStatusSchema),
  resetOpenId: optional(z.boolean()),
});

export const userSettingValueSchemas = {
  locale: z.enum(LOCALES),
  appearance: z.enum(APPEARANCES),
  memoVisibility: visibilitySchema,
  memoDisplayTsOption: z.enum(MEMO_DISPLAY_TS_OPTIONS),
} as const;
export type UserSettingKey = keyof typeof userSettingValueSchemas;
export const USER_SETTING_KEYS = Object.keys(userSettingValueSchemas) as UserSettingKey[];

export const userSettingUpsertSchema = z.object({
  key: z.enum(USER_SETTING_KEYS as [UserSettingKey, ...UserSettingKey[]]),
  value: z.string(),
});

export const memoCreateSchema = z.object({
  content: memoContent,
  visibility: optional(z.union([visibilitySchema, z.literal("")])),
  resourceIdList: optional(z.array(id).max(1000)),
  createdTs: optional(unixSeconds),
});

export const memoPatchSchema = z.object({
  content: optional(memoContent),
  visibility: optional(visibilitySchema),
  rowStatus: optional(rowStatusSchema),
  createdTs: optional(unixSeconds),
  resourceIdList: optional(z.array(id).max(1000)),
});

export const memoOrganizerSchema = z.object({ pinned: z.boolean() });

export const memoResourceLinkSchema = z.object({ resourceId: id });

export const shortcutCreateSchema = z.object({
  title: z.string().max(256),
  payload: z.string().max(64 * 1024),
});

export const shortcutPatchSchema = z.object({
  title: optional(z.string().max(256)),
  payload: optional(z.string().max(64 * 1024)),
  rowStatus: optional(rowStatusSchema),
});

export const resourceCreateSchema = z.object({
  filename: z.string().max(512),
  externalLink: z.string().max(4096),
  type: optional(z.string().max(256)),
});

export const resourcePatchSchema = z.object({ filename: optional(z.string()) });

export const tagCreateSchema = z.object({ name: z.string().max(256) });

export const systemSettingUpsertSchema = z.object({
  name: z.string(),
  value: z.string().max(1024 * 1024),
  description: optional(z.string().max(1024)),
});

export const customizedProfileSchema = z.object({
  name: optional(z.string().max(256)),
  logoUrl: optional(z.string().max(4096)),
  description: optional(z.string().max(4096)),
  locale: optional(z.enum(LOCALES)),
  appearance: optional(z.enum(APPEARANCES)),
  externalUrl: optional(z.string().max(4096)),
});

/** Query strings arrive as text; numbers are checked here. */
const queryInt = (min: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.int().min(min).max(Number.MAX_SAFE_INTEGER));

export const MEMO_TYPE_FILTERS = ["NOT_TAGGED", "LINKED"] as const;

export const memoListQuerySchema = z.object({
  creatorId: z.string().optional(),
  rowStatus: optional(z.string()),
  pinned: optional(z.enum(["true", "false"])),
  tag: optional(z.string().max(256)),
  text: optional(z.string().max(1024)),
  visibility: optional(z.string()),
  type: optional(z.enum(MEMO_TYPE_FILTERS)),
  from: optional(queryInt(0)),
  to: optional(queryInt(0)),
  limit: optional(queryInt(0)),
  offset: optional(queryInt(0)),
  /**
   * Keyset paging: the `X-Next-Cursor` header of the previous page (opaque). The page starts after the memo
   * it names, so memos added or removed meanwhile neither repeat nor go missing. Not combined with `offset`.
   */
  cursor: optional(z.string().max(200)),
});
export type MemoListQuery = z.infer<typeof memoListQuerySchema>;

/** `GET /api/memo/stats`: `from` (Unix seconds) keeps only display times at or after it, the heat map's window. */
export const memoStatsQuerySchema = z.object({
  creatorId: z.string().optional(),
  from: optional(queryInt(0)),
});
export type MemoStatsQuery = z.infer<typeof memoStatsQuerySchema>;
