// The JSON shapes of the v0 wire (docs/v0-wire.md#entities), exactly as the server sends them: one zod schema each, and its
// type (`z.infer`). The route table (routes/) names them as the answers of its routes: the server's handlers are
// typed by them and the OpenAPI document (GET /api/openapi.json) describes them; answers are not re-validated on
// the way out.
import { z } from "zod";
import { MAX_BATCH_IDS, ROLES, ROW_STATUSES, VISIBILITIES } from "../domain/constants.js";
import { ACCESS_TOKEN_SCOPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "../domain/integrations.js";
import { instanceStatusShape } from "./instance-settings.js";
import { ERROR_REASON_NAMES, ERROR_REASONS } from "./reasons.js";

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
    openId: z.string().describe("Empty unless the caller may see it (the account itself, or its host)"),
    userSettingList: z.array(userSettingEntitySchema).nullable(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userEntitySchema>;

/** Who is signed in, as the web's first requests read it: the account, and what this session must do first. */
export const sessionUserEntitySchema = userEntitySchema
  .extend({
    twoFactorSetupRequired: z
      .boolean()
      .describe("This session may only set up two-factor sign-in until it is on (as `GET /api/auth/totp`'s `setupRequired`)"),
  })
  .meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserEntitySchema>;

export const resourceEntitySchema = z
  .object({
    id: z.int(),
    creatorId: z.int(),
    createdTs: z.int(),
    updatedTs: z.int(),
    filename: z.string(),
    externalLink: z.string(),
    type: z.string(),
    size: z.int(),
    linkedMemoAmount: z.int(),
  })
  .meta({ id: "Resource" });
export type Resource = z.infer<typeof resourceEntitySchema>;

export const memoEntitySchema = z
  .object({
    id: z.int(),
    rowStatus: z.enum(ROW_STATUSES),
    creatorId: z.int(),
    createdTs: z.int(),
    updatedTs: z.int(),
    content: z.string(),
    visibility: z.enum(VISIBILITIES),
    pinned: z.boolean(),
    displayTs: z.int(),
    creator: userEntitySchema,
    resourceList: z.array(resourceEntitySchema),
    accessToken: z
      .object({ id: z.int(), name: z.string() })
      .optional()
      .describe("The access token the memo was written with: in GET /api/memo/:memoId, to its creator only"),
  })
  .meta({ id: "Memo" });
export type Memo = z.infer<typeof memoEntitySchema>;

export const shortcutEntitySchema = z
  .object({
    id: z.int(),
    rowStatus: z.enum(ROW_STATUSES),
    creatorId: z.int(),
    createdTs: z.int(),
    updatedTs: z.int(),
    title: z.string(),
    payload: z.string().describe("JSON text of a filter list"),
  })
  .meta({ id: "Shortcut" });
export type Shortcut = z.infer<typeof shortcutEntitySchema>;

export const systemSettingEntitySchema = z
  .object({ Name: z.string(), Value: z.string(), Description: z.string() })
  .meta({ id: "SystemSetting" });
export type SystemSetting = z.infer<typeof systemSettingEntitySchema>;

export const profileEntitySchema = z
  .object({
    mode: z.enum(["prod", "dev", "demo"]),
    version: z.string().describe("The memos release whose v0 API this server speaks: v0 clients gate features on it"),
    serverVersion: z.string().describe("This server's own version (About shows it)"),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profileEntitySchema>;

export const backupStatusEntitySchema = z
  .object({
    everySeconds: z
      .int()
      .nullable()
      .describe("Seconds between rolling backups (--backup-every); null when they are off (always on PostgreSQL)"),
    keep: z.int().describe("How many are kept (--backup-keep)"),
    lastTs: z.int().nullable().describe("When the newest backup in the backups folder was taken (Unix seconds)"),
    lastSize: z.int().nullable().describe("Its size in bytes"),
    lastError: z.string().nullable().describe("Why the last scheduled backup failed, if it did"),
    engine: z.enum(["sqlite", "postgres"]),
    storage: z.enum(["db", "local"]).describe("Where new uploads are kept (--storage): database blobs, or files under <data>/assets"),
  })
  .meta({ id: "BackupStatus" });
/** The rolling backups of a SQLite instance; shown to the host alone. */
export type BackupStatus = z.infer<typeof backupStatusEntitySchema>;

export const projectInfoEntitySchema = z
  .object({
    enabled: z.boolean().describe("False when the host turned it off (Settings › System): the server then asks GitHub nothing"),
    stars: z.int().optional().describe("The usememos/memos repository's star count"),
    latestTag: z.string().optional().describe("The latest release's tag"),
    latestUrl: z.string().optional().describe("The latest release's page on github.com"),
  })
  .describe("The project's star count and latest release, read by the server from GitHub at most once a day");
export type ProjectInfo = z.infer<typeof projectInfoEntitySchema>;

export const systemStatusEntitySchema = z
  .object({
    host: userEntitySchema.nullable(),
    profile: profileEntitySchema,
    dbSize: z.int(),
    backup: backupStatusEntitySchema.optional().describe("The rolling backups; the host alone sees it"),
    /** The instance's settings it carries, declared in instance-settings.ts. */
    ...instanceStatusShape,
  })
  .meta({ id: "SystemStatus" });
export type SystemStatus = z.infer<typeof systemStatusEntitySchema>;

/** What an archive holds, as `POST /api/import` found it. */
const IMPORT_KINDS = ["memos-export", "markdown", "flomo", "google-keep"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A file of an archive that was not imported (or imported in part), and why. */
const importProblemSchema = z.object({ file: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

const importedMemoPreviewSchema = z.object({
  file: z.string().describe("The archive's file (or flomo block) the memo comes from"),
  title: z.string().describe("Its first line with words, without Markdown marks, at most 80 characters"),
  createdTs: z.int(),
  attachments: z.int().describe("How many files it lists"),
});
/** One of the first memos an import adds (or, in a dry run, would add). */
export type ImportedMemoPreview = z.infer<typeof importedMemoPreviewSchema>;

export const importResultEntitySchema = z
  .object({
    kind: z.enum(IMPORT_KINDS).describe("What the archive was found to be"),
    dryRun: z.boolean(),
    memos: z.int(),
    attachments: z.int(),
    shortcuts: z.int(),
    skipped: z.int().describe("Items already in the account (an earlier import of the same archive), not imported again"),
    problems: z.array(importProblemSchema).describe("The first 100 problems"),
    problemCount: z.int(),
    firstMemos: z
      .array(importedMemoPreviewSchema)
      .describe("The first 10 memos added (or, in a dry run, that would be), in the archive's order"),
  })
  .meta({ id: "ImportResult" });
/** The answer of `POST /api/import`: what was imported (or, in a dry run, would be). */
export type ImportResult = z.infer<typeof importResultEntitySchema>;

export const memoCountEntitySchema = z
  .object({
    count: z.int().describe("How many memos the list would show, at most the cap (30)"),
    more: z.boolean().describe("More memos than `count` match"),
  })
  .meta({ id: "MemoCount" });
/** How many memos a list's filter matches, capped (`GET /api/memo/count`, `/api/memo/all/count`, an addition). */
export type MemoCount = z.infer<typeof memoCountEntitySchema>;

/** Why a bulk edit left a memo as it was: the reason the single route would answer (never whether another's private memo exists). */
export const MEMO_BATCH_REFUSALS = ["memo.not-found", "memo.not-creator", "memo.content-too-long", "memo.too-many-tags"] as const;
export type MemoBatchRefusal = (typeof MEMO_BATCH_REFUSALS)[number];

export const memoBatchResultEntitySchema = z
  .object({
    changed: z.int().describe("How many memos the action changed (a memo already as asked is neither changed nor refused)"),
    refused: z
      .array(z.object({ id: z.int(), reason: z.enum(MEMO_BATCH_REFUSALS) }))
      .describe("The memos the caller may not change this way, each with its reason code (docs/api.md#error-reasons)"),
  })
  .meta({ id: "MemoBatchResult" });
/** The answer of `POST /api/memo/batch` (an addition). */
export type MemoBatchResult = z.infer<typeof memoBatchResultEntitySchema>;

export const memoIdsEntitySchema = z
  .object({
    ids: z.array(z.int()).describe(`The matching memos' ids in list order, at most ${MAX_BATCH_IDS}`),
    more: z.boolean().describe("More memos match than `ids` holds"),
  })
  .meta({ id: "MemoIds" });
/** The ids a memo list's filter matches (`GET /api/memo/ids`, an addition). */
export type MemoIds = z.infer<typeof memoIdsEntitySchema>;

export const tagCountEntitySchema = z
  .object({
    name: z.string(),
    count: z.int().describe("How many of the caller's NORMAL memos carry exactly this tag (0 for a listed tag no memo uses)"),
  })
  .meta({ id: "TagCount" });
/** A tag of the caller with the number of their NORMAL memos carrying it (`GET /api/tag/count`, an addition). */
export type TagCount = z.infer<typeof tagCountEntitySchema>;

export const tagSubtreeCountEntitySchema = z
  .object({
    path: z.string().describe("A parent in the tag tree: `work` of `work/meeting` (a tag itself or not)"),
    count: z.int().describe("How many of the caller's NORMAL memos carry the path or a tag under it, each memo once"),
  })
  .meta({ id: "TagSubtreeCount" });
/** A parent of the caller's tag tree with the memos of its whole subtree (`GET /api/tag/count/subtree`, an addition). */
export type TagSubtreeCount = z.infer<typeof tagSubtreeCountEntitySchema>;

export const tagRenameEntitySchema = z
  .object({
    memos: z.int().describe("How many of the caller's memos (any status) the rename rewrites"),
    shortcuts: z.int().describe("How many of the caller's shortcuts have a tag filter it rewrites"),
    merge: z.boolean().describe("Whether the caller already has the new name (or a tag under it): the tags merge"),
  })
  .meta({ id: "TagRename" });
/** What a tag rename changes, or would change (`POST /api/tag/rename`, an addition). */
export type TagRenameResult = z.infer<typeof tagRenameEntitySchema>;

export const accessTokenEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdTs: z.int(),
    expiresTs: z.int().nullable().describe("Unix seconds; null: never expires"),
    lastUsedTs: z.int().nullable(),
    lastUsedAddress: z.string().nullable().describe("The client address of the last use"),
    connectedApp: z
      .boolean()
      .describe("An app (an MCP client) got this token by signing in with OAuth; `name` is the name the app gave itself"),
  })
  .meta({ id: "AccessToken" });
/** A personal access token as its owner sees it (never the token itself, which is shown once). */
export type AccessToken = z.infer<typeof accessTokenEntitySchema>;

export const createdAccessTokenEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdTs: z.int(),
    expiresTs: z.int().nullable(),
    token: z.string().describe("Shown in this answer only; send it as Authorization: Bearer <token>"),
  })
  .meta({ id: "CreatedAccessToken" });
/** The answer of `POST /api/access-token`: the one time the token is shown. */
export type CreatedAccessToken = z.infer<typeof createdAccessTokenEntitySchema>;

export const memoShareEntitySchema = z
  .object({
    id: z.int(),
    memoId: z.int(),
    createdTs: z.int(),
    expiresTs: z.int().nullable().describe("Unix seconds; null: never expires"),
    lastOpenedTs: z.int().nullable().describe("When the link was last opened (to the minute); null: never"),
  })
  .meta({ id: "MemoShare" });
/** A private share link of a memo as its author sees it (never the token, which is shown once). */
export type MemoShare = z.infer<typeof memoShareEntitySchema>;

export const createdMemoShareEntitySchema = z
  .object({
    id: z.int(),
    token: z.string().describe("Shown in this answer only: the link is `/s/<token>`"),
    url: z.string().describe("The link's path on this instance, `/s/<token>`"),
    expiresTs: z.int().nullable(),
  })
  .meta({ id: "CreatedMemoShare" });
/** The answer of `POST /api/memo/:memoId/share`: the one time the token is shown. */
export type CreatedMemoShare = z.infer<typeof createdMemoShareEntitySchema>;

export const webhookEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    url: z.string(),
    secret: z.string().describe("The HMAC key of X-Memos-Signature; the owner alone sees it"),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    createdTs: z.int(),
    updatedTs: z.int(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookEntitySchema>;

export const webhookDeliveryEntitySchema = z
  .object({
    id: z.int().describe("Also the X-Memos-Delivery header"),
    webhookId: z.int(),
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int(),
    createdTs: z.int(),
    lastAttemptTs: z.int().nullable(),
    nextAttemptTs: z.int().nullable().describe("When the next attempt is due (pending deliveries)"),
    responseStatus: z.int().nullable(),
    responseSnippet: z.string().nullable().describe("At most 1 KB of the receiver's answer"),
    durationMs: z.int().nullable(),
    error: z
      .string()
      .nullable()
      .describe(
        'Why the last attempt failed, as a class: "HTTP <status>" for an answer; else "refused: not a public address", ' +
          '"could not connect", "timed out after <n> ms", … (the cause is in the server log)',
      ),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliveryEntitySchema>;

/**
 * Every failure: {"error": "code=N, message=M", "message": M, "reason": R}, with `field` and `params` when the
 * failure has them. `error` and `message` are v0's; the rest is ours (reasons.ts).
 */
export const errorEnvelopeSchema = z
  .object({
    error: z.string().describe('"code=N, message=M"'),
    message: z.string().describe("The sentence a person reads, in English (v0's wording)"),
    reason: z
      .enum(ERROR_REASON_NAMES)
      .describe("The kind of failure, a stable key to branch and translate on")
      .meta({ "x-enumDescriptions": Object.fromEntries(ERROR_REASON_NAMES.map((name) => [name, ERROR_REASONS[name].description])) }),
    field: z.string().optional().describe("The input field the failure is about (`currentPassword`, `content`), when there is one"),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("Values a translation of the reason interpolates (`maximum`, `username`)"),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every success answer of /api: {"data": …}. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** One day of the calendar: how many memos it holds, and its first one (by display time) in a few words. */
export const memoCalendarDaySchema = z.object({
  /** The day's start, as asked (Unix seconds). */
  fromTs: z.int(),
  count: z.int(),
  first: z.object({ id: z.int(), snippet: z.string() }).nullable(),
});
export type MemoCalendarDay = z.infer<typeof memoCalendarDaySchema>;
