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
  MAX_BATCH_IDS,
  MEMO_BATCH_ACTIONS,
  MEMO_DISPLAY_TS_OPTIONS,
  ROLES,
  ROW_STATUSES,
  VISIBILITIES,
} from "../domain/constants.js";
import { isValidTagName, MAX_MEMO_TAGS, readsAsTag } from "../domain/tags.js";
import { memoContentProblem } from "../domain/memo-content.js";
import { isValidResourceFilename, sanitizeUploadFilename } from "../domain/validation.js";
import { isEmoji, MAX_EMOJI_LENGTH } from "../domain/reactions.js";
import { MAX_TWO_FACTOR_CODE_LENGTH } from "../domain/two-factor.js";
import { INPUT_LIMITS, MAX_ID } from "./input-limits.js";
import { passkeyAssertionSchema } from "./sign-in-requests.js";
import type { ErrorParams, ErrorReason } from "./reasons.js";
import { optional, shown, text, wholeIssue } from "./schema-parts.js";

export { WHOLE_MESSAGE } from "./schema-parts.js";

/**
 * A refinement's `params` that give its failure a reason (and the values a translation interpolates) in the
 * error envelope; without them a failure is `input.invalid` (server/src/errors.ts zodErrorDetail).
 */
type ReasonParams = { reason: ErrorReason } & ErrorParams;

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
export const unixSeconds = z.int().min(0).max(253_402_300_799);
/** A memo's or a comment's text, under the caps every writer meets (memoContentProblem). */
const memoContent = z.string().superRefine((value, context) => {
  const problem = memoContentProblem(value);
  if (problem)
    context.addIssue({
      code: "custom",
      message: problem.message,
      input: value,
      params: { reason: problem.reason, maximum: problem.maximum } satisfies ReasonParams,
    });
});

export const visibilitySchema = z.enum(VISIBILITIES);
export const rowStatusSchema = z.enum(ROW_STATUSES);
export const roleSchema = z.enum(ROLES);

export const signInSchema = z.object({
  username: text(INPUT_LIMITS.username),
  password: text(INPUT_LIMITS.password),
  /** Asked of an account with two-factor sign-in: an authenticator app's code, or a recovery code. */
  code: optional(text(MAX_TWO_FACTOR_CODE_LENGTH)),
  /** Or, instead of the code, one of the account's passkeys. */
  passkey: optional(passkeyAssertionSchema),
  /**
   * The caller signs in in two steps (the web app): a right password for an account whose second factor is missing
   * answers 200 `{secondFactor}` instead of 401 `auth.code-required`/`auth.passkey-required`. v0 clients never send it.
   */
  twoStep: optional(z.boolean()),
});

/** Turning two-factor sign-in on: the first code of the app that scanned the secret. */
export const totpEnableSchema = z.object({ code: text(MAX_TWO_FACTOR_CODE_LENGTH) });

/** Turning it off, or new recovery codes: the password and a current code (or a recovery code). */
export const totpConfirmSchema = z.object({ password: text(INPUT_LIMITS.password), code: text(MAX_TWO_FACTOR_CODE_LENGTH) });

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

/** A selection of memos: 1 … MAX_BATCH_IDS ids (a repeated id counts once). */
export const memoSelection = z
  .array(id)
  .min(1, "choose at least one memo")
  .max(MAX_BATCH_IDS, `at most ${MAX_BATCH_IDS} memos in one request`);

/** A tag to add or remove, as it is written after `#`. */
const batchTag = text(INPUT_LIMITS.tag).refine(isValidTagName, {
  message: "is not a tag name (no spaces or #)",
  params: { reason: "tag.invalid-name" } satisfies ReasonParams,
});

/** `POST /api/memo/batch`: one action on many memos; `tags` go with addTags and removeTags, `visibility` with visibility. */
export const memoBatchSchema = z
  .object({
    ids: memoSelection,
    action: z.enum(MEMO_BATCH_ACTIONS),
    tags: optional(z.array(batchTag).min(1, "choose at least one tag").max(MAX_MEMO_TAGS, `at most ${MAX_MEMO_TAGS} tags`)),
    visibility: optional(visibilitySchema),
  })
  .superRefine((body, context) => {
    const tagged = body.action === "addTags" || body.action === "removeTags";
    if (tagged && body.tags === undefined)
      context.addIssue({ code: "custom", path: ["tags"], message: `is required for ${body.action}`, input: body });
    if (body.action === "visibility" && body.visibility === undefined)
      context.addIssue({ code: "custom", path: ["visibility"], message: "is required for visibility", input: body });
  });

/** `POST /api/export` of a selection: the caller's memos with these ids, in the export's format. */
export const exportSelectionSchema = z.object({ ids: memoSelection });

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

/** A tag name as `#name` reads it: one tag, no spaces, no `#`. */
const tagName = text(INPUT_LIMITS.tag).refine(isValidTagName, {
  message: "is not a tag name (no spaces, no #)",
  abort: true,
  params: { reason: "tag.invalid-name" } satisfies ReasonParams,
});

/** `POST /api/tag/rename`: `from` and the tags under it become `to` (and under it); `dryRun` only counts. */
export const tagRenameSchema = z
  .object({
    from: tagName,
    to: tagName.refine(readsAsTag, {
      message: "is not read as a tag (a link or code)",
      params: { reason: "tag.invalid-name" } satisfies ReasonParams,
    }),
    dryRun: optional(z.boolean()),
  })
  .refine((value) => value.from !== value.to, { message: "is the tag's own name", path: ["to"] });

export const systemSettingUpsertSchema = z.object({
  name: text(INPUT_LIMITS.settingName),
  value: text(INPUT_LIMITS.settingValue),
  description: optional(text(INPUT_LIMITS.settingDescription)),
});

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
export type MemoBatchRequest = z.input<typeof memoBatchSchema>;
export type ShortcutCreateRequest = z.input<typeof shortcutCreateSchema>;
export type ShortcutPatchRequest = z.input<typeof shortcutPatchSchema>;
export type ResourceCreateRequest = z.input<typeof resourceCreateSchema>;
export type ResourcePatchRequest = z.input<typeof resourcePatchSchema>;
export type TagCreateRequest = z.input<typeof tagCreateSchema>;
export type TagRenameRequest = z.input<typeof tagRenameSchema>;
export type SystemSettingUpsertRequest = z.input<typeof systemSettingUpsertSchema>;

// The parsed (valid) inputs the server's services take.
export type SignIn = z.infer<typeof signInSchema>;
export type TotpEnable = z.infer<typeof totpEnableSchema>;
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;
export type SignUp = z.infer<typeof signUpSchema>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserPatch = z.infer<typeof userPatchSchema>;
export type UserSettingUpsert = z.infer<typeof userSettingUpsertSchema>;
export type MemoCreate = z.infer<typeof memoCreateSchema>;
export type MemoPatch = z.infer<typeof memoPatchSchema>;
export type MemoOrganizer = z.infer<typeof memoOrganizerSchema>;
export type MemoResourceLink = z.infer<typeof memoResourceLinkSchema>;
export type MemoBatch = z.infer<typeof memoBatchSchema>;
export type ExportSelection = z.infer<typeof exportSelectionSchema>;
export type ShortcutCreate = z.infer<typeof shortcutCreateSchema>;
export type ShortcutPatch = z.infer<typeof shortcutPatchSchema>;
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;
export type TagCreate = z.infer<typeof tagCreateSchema>;
export type TagRename = z.infer<typeof tagRenameSchema>;
export type SystemSettingUpsert = z.infer<typeof systemSettingUpsertSchema>;

/** `POST /api/memo/:memoId/share`: a link expiring at `expiresTs` (Unix seconds) or never. */
export const memoShareCreateSchema = z.object({ expiresTs: optional(unixSeconds) });
export type MemoShareCreate = z.infer<typeof memoShareCreateSchema>;

/** `POST /api/inbox/read`: these items, or all of them, marked read. */
export const inboxReadSchema = z.union([
  z.object({ ids: z.array(z.int().min(1).max(MAX_ID)).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type InboxRead = z.infer<typeof inboxReadSchema>;

/** `POST` and `DELETE /api/memo/:memoId/reaction`: one emoji (a quick one or any other). */
export const reactionSchema = z.object({
  emoji: text(MAX_EMOJI_LENGTH).refine(isEmoji, {
    message: "must be one emoji",
    params: { reason: "reaction.invalid-emoji" } satisfies ReasonParams,
  }),
});
export type ReactionInput = z.infer<typeof reactionSchema>;

/** `POST /api/memo/:memoId/comment`: Markdown under the memo content rules, and the caller's own files. */
export const commentCreateSchema = z.object({ content: memoContent, resourceIdList: optional(z.array(id).max(1000)) });
export type CommentCreate = z.infer<typeof commentCreateSchema>;
export type CommentCreateRequest = z.input<typeof commentCreateSchema>;

/** `PATCH /api/comment/:commentId`: a new text, a new list of files (replacing the old), or both. */
export const commentPatchSchema = z.object({ content: optional(memoContent), resourceIdList: optional(z.array(id).max(1000)) });
export type CommentPatch = z.infer<typeof commentPatchSchema>;

/** `POST /api/memo/:memoId/comment/close`: the memo's author closes (or reopens) its comments. */
export const commentCloseSchema = z.object({ closed: z.boolean() });
