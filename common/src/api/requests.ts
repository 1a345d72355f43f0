// Zod schemas of every request body and query the server accepts. Unknown keys are dropped, so
// server-only fields (passwordHash, openId, updatedTs, creatorId, id) can never come from a client.
//
// Every text has a cap here (docs/api.md "Input limits"), so no value reaches the database that one engine
// stores and the other refuses (PostgreSQL cannot index a key past ~2.7 KB); the domain rules (username
// 4–32 bytes and so on) still give the wire's own messages below these caps. NUL characters are refused
// for every field by the server's input guard, before these schemas run.
import { z } from "zod";
import {
  APPEARANCES,
  LOCALES,
  MAX_MEMO_CONTENT_BYTES,
  MEMO_TYPE_FILTERS,
  MEMO_DISPLAY_TS_OPTIONS,
  ROLES,
  ROW_STATUSES,
  type RowStatus,
  VISIBILITIES,
  type Visibility,
} from "../domain/constants.js";
import { ACCESS_TOKEN_SCOPES, WEBHOOK_EVENTS, webhookUrlProblem } from "../domain/integrations.js";
import { extractTags, MAX_MEMO_TAGS, MAX_TAG_LENGTH } from "../domain/tags.js";
import { MAX_SEARCH_TERMS, parseSearch } from "../domain/search.js";
import { isValidResourceFilename, sanitizeUploadFilename } from "../domain/validation.js";
import type { ErrorParams, ErrorReason } from "./reasons.js";

/**
 * A refinement's `params` that give its failure a reason (and the values a translation interpolates) in the
 * error envelope; without them a failure is `input.invalid` (server/src/errors.ts zodErrorDetail).
 */
type ReasonParams = { reason: ErrorReason } & ErrorParams;

/** Ids are PostgreSQL INTEGERs (SERIAL) on both engines: 1 … 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/** The caps, in characters (UTF-16 code units), except memo content (UTF-8 bytes, MAX_MEMO_CONTENT_BYTES). */
export const INPUT_LIMITS = {
  username: 256,
  password: 1024,
  nickname: 256,
  email: 1024,
  userSettingValue: 1024,
  /** A tag, given on its own or found in memo content (`#tag`). */
  tag: MAX_TAG_LENGTH,
  shortcutTitle: 256,
  shortcutPayload: 64 * 1024,
  filename: 512,
  externalLink: 4096,
  resourceType: 256,
  settingName: 256,
  settingValue: 1024 * 1024,
  settingDescription: 1024,
  /**
   * `text` of the memo list (a search or a `^regex`). Checking a memo for a text costs up to its length times the
   * text's on both engines (LIKE and ILIKE try the text at each position), so the cap bounds what one long text
   * can cost against a memo of 1 MiB; no sane search is longer.
   */
  searchText: 256,
  /** Other query values: ids, enums, numbers. */
  queryValue: 256,
  tokenName: 128,
  webhookName: 128,
  webhookUrl: 2048,
  webhookSecret: 256,
} as const;

/**
 * Go decoding treats `null` for a pointer field as "absent". Typed as the optional field it is (a preprocess
 * would type its input as `unknown`), so `z.input` of a schema is the request a client may send.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional()) as unknown as z.ZodOptional<T>;

/** A text of at most `max` characters. */
const text = (max: number) => z.string().max(max, `too long, maximum length is ${max} characters`);

/** A refused value as a message echoes it: at most 64 characters. */
const shown = (raw: string): string => (raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/**
 * An issue whose message is the whole 400 message: the route's prefix and the field's name are not put before it
 * (the server's validator compiler reads this flag from the issue's `params`).
 */
export const WHOLE_MESSAGE = "wholeMessage";

/**
 * A refinement's failure that is the whole 400 message, v0's own words ("Invalid visibility: X"), with its reason
 * when it has one; `path` names the field for a rule between fields.
 */
const wholeIssue = (message: string, input: unknown, reason?: ErrorReason, path?: string[], params?: ErrorParams) => ({
  code: "custom" as const,
  message,
  input,
  ...(path && { path }),
  params: { [WHOLE_MESSAGE]: true, ...(reason && { reason }), ...params },
});

/** How a refused id is echoed: short, and readable whatever JSON value it was. */
const shownId = (input: unknown): string =>
  shown(typeof input === "string" ? input : typeof input === "number" ? String(input) : (JSON.stringify(input) ?? String(input)));

/**
 * A path id in 1 … 2^31 − 1, in plain decimal digits; anything else is a 400 "`label` is not a number: raw" (the
 * issue's message is the whole 400 message, as for every path parameter).
 */
export const pathId = (label = "ID") =>
  z
    .string()
    .transform((raw, context) => {
      const value = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      if (value >= 1 && value <= MAX_ID) return value;
      context.addIssue({ code: "custom", message: `${label} is not a number: ${shown(raw)}`, input: raw });
      return z.NEVER;
    })
    .meta({ description: `1 … ${MAX_ID}`, pattern: "^[0-9]{1,10}$" });

/** The wire's id message for a body id: "resourceId: ID is not a number: 2147483648". */
const idError = { error: (issue: { input?: unknown }) => `ID is not a number: ${shownId(issue.input)}` };
const id = z.int(idError).min(1, idError).max(MAX_ID, idError);
const unixSeconds = z.int().min(0).max(253_402_300_799);
const memoContent = z
  .string()
  .refine((value) => new TextEncoder().encode(value).length <= MAX_MEMO_CONTENT_BYTES, {
    message: `content is too long, maximum is ${MAX_MEMO_CONTENT_BYTES} bytes`,
    abort: true,
    params: { reason: "memo.content-too-long", maximum: MAX_MEMO_CONTENT_BYTES } satisfies ReasonParams,
  })
  .refine((value) => extractTags(value).length <= MAX_MEMO_TAGS, {
    message: `content has too many tags, maximum is ${MAX_MEMO_TAGS}`,
    params: { reason: "memo.too-many-tags", maximum: MAX_MEMO_TAGS } satisfies ReasonParams,
  });

export const visibilitySchema = z.enum(VISIBILITIES);
export const rowStatusSchema = z.enum(ROW_STATUSES);
export const roleSchema = z.enum(ROLES);

export const signInSchema = z.object({ username: text(INPUT_LIMITS.username), password: text(INPUT_LIMITS.password) });

export const signUpSchema = z.object({
  username: text(INPUT_LIMITS.username),
  password: text(INPUT_LIMITS.password),
  role: optional(roleSchema),
});

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
  value: text(INPUT_LIMITS.userSettingValue),
});

/** A created time may run ahead of the server's clock by a minute (a client's clock drifts), no more. */
export const CREATED_TS_FUTURE_TOLERANCE_SECONDS = 60;
const createdTs = unixSeconds.superRefine((value, context) => {
  if (value > Math.floor(Date.now() / 1000) + CREATED_TS_FUTURE_TOLERANCE_SECONDS)
    context.addIssue(wholeIssue("Invalid created datetime: it is in the future", value, "memo.created-in-future"));
});

export const memoCreateSchema = z.object({
  content: memoContent,
  visibility: optional(z.union([visibilitySchema, z.literal("")])),
  resourceIdList: optional(z.array(id).max(1000)),
  createdTs: optional(createdTs),
});

export const memoPatchSchema = z.object({
  content: optional(memoContent),
  visibility: optional(visibilitySchema),
  rowStatus: optional(rowStatusSchema),
  createdTs: optional(createdTs),
  resourceIdList: optional(z.array(id).max(1000)),
  /** Our addition: the memo's `updatedTs` this change was made on; when the memo has changed since, 409 and nothing is written. */
  baseUpdatedTs: optional(unixSeconds),
});

export const memoOrganizerSchema = z.object({ pinned: z.boolean() });

export const memoResourceLinkSchema = z.object({ resourceId: id });

/** A shortcut's title is not blank; `prefix` is the route's message ("Malformatted post shortcut request"). */
const shortcutTitle = (prefix: string) =>
  text(INPUT_LIMITS.shortcutTitle).superRefine((value, context) => {
    if (value.trim() === "") context.addIssue(wholeIssue(`${prefix}: Title is required`, value));
  });

/** The web reads a shortcut's payload as a filter list, so it must at least be JSON. */
const shortcutPayload = (prefix: string) =>
  text(INPUT_LIMITS.shortcutPayload).superRefine((value, context) => {
    try {
      JSON.parse(value);
    } catch {
      context.addIssue(wholeIssue(`${prefix}: payload must be JSON text`, value));
    }
  });

export const shortcutCreateSchema = z.object({
  title: shortcutTitle("Malformatted post shortcut request"),
  payload: shortcutPayload("Malformatted post shortcut request"),
});

export const shortcutPatchSchema = z.object({
  title: optional(shortcutTitle("Malformatted patch shortcut request")),
  payload: optional(shortcutPayload("Malformatted patch shortcut request")),
  rowStatus: optional(rowStatusSchema),
});

/** v0's word for a file name the rules refuse. */
const INVALID_FILENAME = "Invalid filename.";

export const resourceCreateSchema = z.object({
  /** Made safe by the one file-name rule of uploads (sanitizeUploadFilename); nothing left of it is refused. */
  filename: text(INPUT_LIMITS.filename).transform((raw, context) => {
    const name = sanitizeUploadFilename(raw);
    if (name === "") context.addIssue(wholeIssue(INVALID_FILENAME, raw, "resource.invalid-filename"));
    return name;
  }),
  externalLink: text(INPUT_LIMITS.externalLink).superRefine((value, context) => {
    if (!/^https?:\/\//i.test(value))
      context.addIssue(wholeIssue("Malformatted post resource request: externalLink must be an http(s) URL", value));
  }),
  type: optional(text(INPUT_LIMITS.resourceType)),
});

export const resourcePatchSchema = z.object({
  filename: optional(
    text(INPUT_LIMITS.filename).superRefine((value, context) => {
      if (!isValidResourceFilename(value)) context.addIssue(wholeIssue(INVALID_FILENAME, value, "resource.invalid-filename"));
    }),
  ),
});

export const tagCreateSchema = z.object({ name: text(INPUT_LIMITS.tag) });

export const systemSettingUpsertSchema = z.object({
  name: text(INPUT_LIMITS.settingName),
  value: text(INPUT_LIMITS.settingValue),
  description: optional(text(INPUT_LIMITS.settingDescription)),
});

export const customizedProfileSchema = z.object({
  name: optional(z.string().max(256)),
  logoUrl: optional(z.string().max(4096)),
  description: optional(z.string().max(4096)),
  locale: optional(z.enum(LOCALES)),
  appearance: optional(z.enum(APPEARANCES)),
  externalUrl: optional(z.string().max(4096)),
});

/** The wire's message for a refused id query value: "userId is not a number: abc", echoing at most 64 characters. */
const refusedQueryId = (label: string, raw: string) => wholeIssue(`${label} is not a number: ${shown(raw)}`, raw);

/**
 * An optional id of a query string: absent or empty is absent; otherwise 1 … 2^31 − 1 in plain decimal digits,
 * as path ids. Anything else is a 400 "`label` is not a number: raw" — a repeated key too (the query parser gives
 * an array; v0 refused it, echoing its values joined by commas). Typed as the optional text it is on the wire.
 */
const optionalQueryId = (label: string) => {
  const id = z.string().transform((raw, context): number | undefined => {
    if (raw === "") return undefined;
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
    if (value >= 1 && value <= MAX_ID) return value;
    context.addIssue(refusedQueryId(label, raw));
    return z.NEVER;
  });
  return z.preprocess((value, context) => {
    if (!Array.isArray(value)) return value;
    context.addIssue(refusedQueryId(label, String(value)));
    return z.NEVER;
  }, id.optional()) as unknown as z.ZodOptional<typeof id>;
};

/** Query strings arrive as text; numbers are checked here. */
const queryInt = (min: number) =>
  text(INPUT_LIMITS.queryValue)
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.int().min(min).max(Number.MAX_SAFE_INTEGER));

/** `visibility=PUBLIC,PROTECTED`: a comma-separated list; empty is absent; v0's "Invalid visibility: X" otherwise. */
const visibilityList = text(INPUT_LIMITS.queryValue).transform((raw, context): Visibility[] | undefined => {
  const values = raw
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  const refused = values.find((value) => !(VISIBILITIES as readonly string[]).includes(value));
  if (refused !== undefined) context.addIssue(wholeIssue(`Invalid visibility: ${refused}`, raw));
  return values.length > 0 ? (values as Visibility[]) : undefined;
});

/** `rowStatus=ARCHIVED`; empty is absent; v0's "Invalid rowStatus: X" otherwise. */
const rowStatusQuery = text(INPUT_LIMITS.queryValue).transform((raw, context): RowStatus | undefined => {
  if (raw === "") return undefined;
  if (!(ROW_STATUSES as readonly string[]).includes(raw)) context.addIssue(wholeIssue(`Invalid rowStatus: ${raw}`, raw));
  return raw as RowStatus;
});

/** The list's filter: who, what state, which tag, text and time; the count takes it as the list does. */
const memoFilterQuery = z.object({
  creatorId: optionalQueryId("creatorId"),
  rowStatus: optional(rowStatusQuery),
  pinned: optional(z.enum(["true", "false"])),
  tag: optional(text(INPUT_LIMITS.tag)),
  /** v0's search: one case-insensitive substring, or a regular expression after a leading `^`. */
  text: optional(text(INPUT_LIMITS.searchText)),
  /**
   * The search box's words (common's parseSearch): each word and `"quoted phrase"` must appear, in any order; a
   * leading `^` makes it a regular expression. At most MAX_SEARCH_TERMS terms. Combined with `text`, both apply.
   */
  search: optional(
    text(INPUT_LIMITS.searchText).superRefine((value, context) => {
      const parsed = parseSearch(value);
      if (parsed.kind === "terms" && parsed.terms.length > MAX_SEARCH_TERMS)
        context.addIssue(
          wholeIssue(`Invalid search: at most ${MAX_SEARCH_TERMS} words or phrases`, value, "search.too-many-terms", undefined, {
            maximum: MAX_SEARCH_TERMS,
          }),
        );
    }),
  ),
  visibility: optional(visibilityList),
  type: optional(z.enum(MEMO_TYPE_FILTERS)),
  from: optional(queryInt(0)),
  to: optional(queryInt(0)),
});

/** A duration runs forwards. */
const forwardDuration = (query: { from?: number; to?: number }, context: z.core.$RefinementCtx) => {
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to)
    context.addIssue(wholeIssue("Invalid duration: from must be earlier than to", query.from, undefined, ["from"]));
};

export const memoListQuerySchema = memoFilterQuery
  .extend({
    limit: optional(queryInt(0)),
    offset: optional(queryInt(0)),
    /**
     * Keyset paging: the `X-Next-Cursor` header of the previous page (opaque). The page starts after the memo
     * it names, so memos added or removed meanwhile neither repeat nor go missing. Not combined with `offset`.
     */
    cursor: optional(z.string().max(200)),
  })
  .superRefine((query, context) => {
    forwardDuration(query, context);
    if (query.cursor && query.offset !== undefined && query.offset !== 0)
      context.addIssue(wholeIssue("Invalid cursor: it cannot be combined with offset", query.cursor, undefined, ["cursor"]));
  });
export type MemoListQuery = z.infer<typeof memoListQuerySchema>;

/** `GET /api/memo/count`, `/api/memo/all/count`: the list's filter, without its paging. */
export const memoCountQuerySchema = memoFilterQuery.superRefine(forwardDuration);
export type MemoCountQuery = z.infer<typeof memoCountQuerySchema>;
export type MemoCountRequest = z.input<typeof memoCountQuerySchema>;

/** `GET /api/memo/stats`: `from` (Unix seconds) keeps only display times at or after it, the heat map's window. */
export const memoStatsQuerySchema = z.object({
  creatorId: optionalQueryId("creatorId"),
  from: optional(queryInt(0)),
});
export type MemoStatsQuery = z.infer<typeof memoStatsQuerySchema>;

/** `GET /api/memo/amount`: `userId` counts one user's memos; without it, everyone's the caller may read. */
export const memoAmountQuerySchema = z.object({ userId: optionalQueryId("userId") });
export type MemoAmountQuery = z.infer<typeof memoAmountQuerySchema>;

/** `GET /api/export`: `user` (the default) is the caller's own data; `instance` is every account (the host only). */
export const EXPORT_SCOPES = ["user", "instance"] as const;
export const exportQuerySchema = z.object({ scope: optional(z.enum(EXPORT_SCOPES)) });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** `POST /api/import`: `dryRun=true` answers what would be imported and writes nothing. */
export const importQuerySchema = z.object({ dryRun: optional(z.enum(["true", "false"])) });
export type ImportQuery = z.infer<typeof importQuerySchema>;

// What a client sends (z.input): the web's offline outbox and forms build their requests from these.
export type SignInRequest = z.input<typeof signInSchema>;
export type SignUpRequest = z.input<typeof signUpSchema>;
export type UserCreateRequest = z.input<typeof userCreateSchema>;
export type UserPatchRequest = z.input<typeof userPatchSchema>;
export type UserSettingUpsertRequest = z.input<typeof userSettingUpsertSchema>;
export type MemoCreateRequest = z.input<typeof memoCreateSchema>;
export type MemoPatchRequest = z.input<typeof memoPatchSchema>;
export type MemoOrganizerRequest = z.input<typeof memoOrganizerSchema>;
export type MemoResourceLinkRequest = z.input<typeof memoResourceLinkSchema>;
export type ShortcutCreateRequest = z.input<typeof shortcutCreateSchema>;
export type ShortcutPatchRequest = z.input<typeof shortcutPatchSchema>;
export type ResourceCreateRequest = z.input<typeof resourceCreateSchema>;
export type ResourcePatchRequest = z.input<typeof resourcePatchSchema>;
export type TagCreateRequest = z.input<typeof tagCreateSchema>;
export type SystemSettingUpsertRequest = z.input<typeof systemSettingUpsertSchema>;
export type MemoListRequest = z.input<typeof memoListQuerySchema>;
export type MemoStatsRequest = z.input<typeof memoStatsQuerySchema>;
export type MemoAmountRequest = z.input<typeof memoAmountQuerySchema>;

// The parsed (valid) inputs the server's services take.
export type SignIn = z.infer<typeof signInSchema>;
export type SignUp = z.infer<typeof signUpSchema>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserPatch = z.infer<typeof userPatchSchema>;
export type UserSettingUpsert = z.infer<typeof userSettingUpsertSchema>;
export type MemoCreate = z.infer<typeof memoCreateSchema>;
export type MemoPatch = z.infer<typeof memoPatchSchema>;
export type MemoOrganizer = z.infer<typeof memoOrganizerSchema>;
export type MemoResourceLink = z.infer<typeof memoResourceLinkSchema>;
export type ShortcutCreate = z.infer<typeof shortcutCreateSchema>;
export type ShortcutPatch = z.infer<typeof shortcutPatchSchema>;
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;
export type TagCreate = z.infer<typeof tagCreateSchema>;
export type SystemSettingUpsert = z.infer<typeof systemSettingUpsertSchema>;

/** `POST /api/access-token`: a named token, read-only or read-write, expiring at `expiresTs` (Unix seconds) or never. */
export const accessTokenCreateSchema = z.object({
  name: text(INPUT_LIMITS.tokenName).trim().min(1, "is required"),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  expiresTs: optional(unixSeconds),
});
export type AccessTokenCreate = z.infer<typeof accessTokenCreateSchema>;
export type AccessTokenCreateRequest = z.input<typeof accessTokenCreateSchema>;

const webhookEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, "choose at least one event").max(WEBHOOK_EVENTS.length);
// v0's one message for both; the reason tells which.
const webhookUrl = text(INPUT_LIMITS.webhookUrl)
  .refine((value) => webhookUrlProblem(value) !== "not-http", {
    message: "must be an http(s) URL",
    abort: true,
    params: { reason: "webhook.url-not-http" } satisfies ReasonParams,
  })
  .refine((value) => webhookUrlProblem(value) === null, {
    message: "must be an http(s) URL",
    params: { reason: "webhook.url-unparsable" } satisfies ReasonParams,
  });
const webhookSecret = text(INPUT_LIMITS.webhookSecret);

/** `POST /api/webhook`. Without a secret the server makes one (shown to the owner). */
export const webhookCreateSchema = z.object({
  name: text(INPUT_LIMITS.webhookName).trim().min(1, "is required"),
  url: webhookUrl,
  secret: optional(webhookSecret),
  events: webhookEvents,
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookCreateRequest = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/webhook/:id`: the fields given change; `active: false` pauses deliveries. */
export const webhookPatchSchema = z.object({
  name: optional(text(INPUT_LIMITS.webhookName).trim().min(1, "is required")),
  url: optional(webhookUrl),
  secret: optional(webhookSecret),
  events: optional(webhookEvents),
  active: optional(z.boolean()),
});
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;
export type WebhookPatchRequest = z.input<typeof webhookPatchSchema>;
