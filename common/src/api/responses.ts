// Zod schemas of the answers (entities.ts has the same shapes as types). The server uses them only to describe
// its answers in the OpenAPI document (GET /api/openapi.json); answers are not re-validated on the way out.
import { z } from "zod";
import { ROLES, ROW_STATUSES, VISIBILITIES } from "../domain/constants.js";
import { ACCESS_TOKEN_SCOPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "../domain/integrations.js";

export const userSettingEntitySchema = z
  .object({ UserID: z.int(), key: z.string(), value: z.string().describe('A JSON-encoded string, e.g. "\\"en\\""') })
  .meta({ id: "UserSetting" });

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

export const systemSettingEntitySchema = z
  .object({ Name: z.string(), Value: z.string(), Description: z.string() })
  .meta({ id: "SystemSetting" });

export const profileEntitySchema = z.object({ mode: z.enum(["prod", "dev", "demo"]), version: z.string() }).meta({ id: "Profile" });

export const customizedProfileEntitySchema = z
  .object({
    name: z.string(),
    logoUrl: z.string(),
    description: z.string(),
    locale: z.string(),
    appearance: z.string(),
    externalUrl: z.string(),
  })
  .meta({ id: "CustomizedProfile" });

export const backupStatusEntitySchema = z
  .object({
    everySeconds: z.int().nullable(),
    keep: z.int(),
    lastTs: z.int().nullable(),
    lastSize: z.int().nullable(),
    lastError: z.string().nullable(),
    engine: z.enum(["sqlite", "postgres"]),
    storage: z.enum(["db", "local"]).describe("Where new uploads are kept (--storage): database blobs, or files under <data>/assets"),
  })
  .meta({ id: "BackupStatus" });

export const systemStatusEntitySchema = z
  .object({
    host: userEntitySchema.nullable(),
    profile: profileEntitySchema,
    dbSize: z.int(),
    backup: backupStatusEntitySchema.optional().describe("The rolling backups; the host alone sees it"),
    allowSignUp: z.boolean(),
    disableWebhooks: z.boolean(),
    additionalStyle: z.string(),
    additionalScript: z.string(),
    customizedProfile: customizedProfileEntitySchema,
  })
  .meta({ id: "SystemStatus" });

export const importResultEntitySchema = z
  .object({
    kind: z.enum(["memos-export", "markdown", "flomo", "google-keep"]).describe("What the archive was found to be"),
    dryRun: z.boolean(),
    memos: z.int(),
    attachments: z.int(),
    shortcuts: z.int(),
    skipped: z.int().describe("Items already in the account (an earlier import of the same archive), not imported again"),
    problems: z.array(z.object({ file: z.string(), reason: z.string() })).describe("The first 100 problems"),
    problemCount: z.int(),
  })
  .meta({ id: "ImportResult" });

export const tagCountEntitySchema = z
  .object({
    name: z.string(),
    count: z.int().describe("How many of the caller's NORMAL memos carry exactly this tag (0 for a listed tag no memo uses)"),
  })
  .meta({ id: "TagCount" });

export const accessTokenEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdTs: z.int(),
    expiresTs: z.int().nullable(),
    lastUsedTs: z.int().nullable(),
    lastUsedAddress: z.string().nullable(),
  })
  .meta({ id: "AccessToken" });

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

export const webhookDeliveryEntitySchema = z
  .object({
    id: z.int(),
    webhookId: z.int(),
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int(),
    createdTs: z.int(),
    lastAttemptTs: z.int().nullable(),
    nextAttemptTs: z.int().nullable(),
    responseStatus: z.int().nullable(),
    responseSnippet: z.string().nullable(),
    durationMs: z.int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });

/** Every failure: {"error": "code=N, message=M", "message": M}. */
export const errorEnvelopeSchema = z
  .object({
    error: z.string().describe('"code=N, message=M"'),
    message: z.string(),
  })
  .meta({ id: "Error" });

/** Every success answer of /api: {"data": …}. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
