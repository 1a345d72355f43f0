// Zod schemas of the query strings the server reads: the memo list's filter and paging, its count, the heat map,
// the amount, export and import. Values arrive as text; ids, numbers and lists are checked here with v0's messages.
import { z } from "zod";
import { MEMO_TYPE_FILTERS, type RowStatus, ROW_STATUSES, VISIBILITIES, type Visibility } from "../domain/constants.js";
import { DURATION_REFUSAL, hasTooManySearchTerms, isForwardDuration, SEARCH_TERMS_REFUSAL } from "../domain/memo-list.js";
import { MAX_SEARCH_TERMS } from "../domain/search.js";
import { INPUT_LIMITS, MAX_ID, MAX_REACTION_MEMOS } from "./input-limits.js";
import { optional, shown, text, wholeIssue } from "./schema-parts.js";

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
      if (hasTooManySearchTerms(value))
        context.addIssue(wholeIssue(SEARCH_TERMS_REFUSAL, value, "search.too-many-terms", undefined, { maximum: MAX_SEARCH_TERMS }));
    }),
  ),
  visibility: optional(visibilityList),
  type: optional(z.enum(MEMO_TYPE_FILTERS)),
  from: optional(queryInt(0)),
  to: optional(queryInt(0)),
});

/** A duration runs forwards (common's memo-list rules). */
const forwardDuration = (query: { from?: number; to?: number }, context: z.core.$RefinementCtx) => {
  if (!isForwardDuration(query.from, query.to)) context.addIssue(wholeIssue(DURATION_REFUSAL, query.from, undefined, ["from"]));
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

/**
 * `GET /api/memo/stats`: `from` (Unix seconds) keeps only display times at or after it, the heat map's window; `to`
 * only those before it (the calendar's month).
 */
export const memoStatsQuerySchema = z
  .object({
    creatorId: optionalQueryId("creatorId"),
    from: optional(queryInt(0)),
    /** Display times before it only (Unix seconds): the calendar asks for one month. */
    to: optional(queryInt(1)),
  })
  .superRefine(forwardDuration);
export type MemoStatsQuery = z.infer<typeof memoStatsQuerySchema>;

/** The most days one calendar request covers: six weeks, a month grid at its largest. */
export const MAX_CALENDAR_DAYS = 42;

/**
 * `GET /api/memo/calendar`: `days` are the bounds of the days asked, ascending Unix seconds (each day runs from one
 * to the next), so the caller's own midnights decide what a day is, summer time included: a month is its days + 1.
 */
export const memoCalendarQuerySchema = z.object({
  creatorId: optionalQueryId("creatorId"),
  // Its own cap: a month's 32 bounds of 10 digits pass the query strings' usual 256 characters.
  days: text((MAX_CALENDAR_DAYS + 2) * 16)
    .regex(/^\d{1,15}(,\d{1,15})+$/, "must be ascending Unix seconds separated by commas")
    .transform((raw) => raw.split(",").map(Number))
    .pipe(
      z
        .array(z.int().max(Number.MAX_SAFE_INTEGER))
        .max(MAX_CALENDAR_DAYS + 1, `must hold at most ${MAX_CALENDAR_DAYS + 1} bounds`)
        .refine(
          (bounds) => bounds.every((bound, i) => i === 0 || bound > bounds[i - 1]!),
          "must be ascending Unix seconds separated by commas",
        ),
    ),
});
export type MemoCalendarRequest = z.input<typeof memoCalendarQuerySchema>;

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

export type MemoListRequest = z.input<typeof memoListQuerySchema>;
export type MemoStatsRequest = z.input<typeof memoStatsQuerySchema>;
export type MemoAmountRequest = z.input<typeof memoAmountQuerySchema>;

/** The most versions or trashed memos one page holds, and the page size asked without `limit`. */
export const MAX_HISTORY_PAGE = 100;
export const DEFAULT_HISTORY_PAGE = 20;
const pageLimit = optional(queryInt(1).pipe(z.int().max(MAX_HISTORY_PAGE)));

/** `GET /api/memo/:memoId/revision`: `before` is the `next` of the previous page. */
export const revisionListQuerySchema = z.object({ limit: pageLimit, before: optionalQueryId("before") });
export type RevisionListQuery = z.infer<typeof revisionListQuerySchema>;

/** `GET /api/inbox`: a page newest first; `before` is the `next` of the previous page; `unread=true` only those not read. */
export const inboxQuerySchema = z.object({
  limit: pageLimit,
  before: optionalQueryId("before"),
  unread: optional(z.enum(["true", "false"])),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** `GET /api/reaction?memoIds=1,2,3`: the reactions of a page of memos in one request. */
/** `memoIds=1,2,3`: the ids of a page of memos (at most MAX_REACTION_MEMOS), a repeated one counted once. */
const memoIdList = text(INPUT_LIMITS.queryValue).transform((raw, context): number[] => {
  const ids = raw.split(",").filter((part) => part !== "");
  if (ids.length > MAX_REACTION_MEMOS || ids.some((id) => !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID)) {
    context.addIssue(wholeIssue(`at most ${MAX_REACTION_MEMOS} memo ids, separated by commas`, raw));
    return z.NEVER;
  }
  return [...new Set(ids.map(Number))];
});

export const reactionListQuerySchema = z.object({ memoIds: memoIdList });
export type ReactionListQuery = z.infer<typeof reactionListQuerySchema>;

/** `GET /api/memo/comment-count?memoIds=1,2,3`: the comment counts of a page of memos in one request. */
export const commentCountQuerySchema = z.object({ memoIds: memoIdList });

/** `GET /api/memo/:memoId/comment`: oldest first; `after` is the `next` of the previous page. */
export const commentListQuerySchema = z.object({ limit: pageLimit, after: optionalQueryId("after") });
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

/** `GET /api/memo/relation-count?memoIds=1,2,3`: the backlink counts of a page of memos in one request. */
export const relationCountQuerySchema = z.object({ memoIds: memoIdList });

/** `GET /api/memo/:memoId/relation`: `before` is the `next` of the previous page of backlinks. */
export const relationQuerySchema = z.object({ before: optionalQueryId("before") });

/** `GET /api/trash`: `cursor` is the `next` of the previous page. */
export const trashListQuerySchema = z.object({
  limit: pageLimit,
  cursor: optional(text(INPUT_LIMITS.queryValue).regex(/^\d{1,15}-\d{1,10}$/, "must be the `next` of a previous page")),
});
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;

/** `GET /auth/oidc/:providerId/start`: `link=1` links the provider to the signed-in account instead of signing in. */
export const ssoStartQuerySchema = z.object({
  link: optional(z.enum(["1"], "must be 1")),
  /** A path of the app to return to once signed in (the consent page of an app's sign-in); nothing else is taken. */
  next: optional(text(INPUT_LIMITS.queryValue * 8).regex(/^\/(?![/\\])[^\p{Cc}]*$/u, "must be a path of this site")),
});

/** `GET /auth/oidc/callback`: what the provider sends back (the rest is read from the URL by openid-client). */
export const ssoCallbackQuerySchema = z.looseObject({
  state: optional(text(INPUT_LIMITS.queryValue * 4)),
  code: optional(text(INPUT_LIMITS.queryValue * 8)),
  error: optional(text(INPUT_LIMITS.queryValue)),
});
