// Memos (routes/memo.ts): writing one, changing many at once, the lists' filters and paging, their counts, the
// heat map and the calendar, a memo's versions and its links to other memos; and the memo as answered.
import { z } from "zod";
import {
  MAX_BATCH_IDS,
  MEMO_BATCH_ACTIONS,
  MEMO_TYPE_FILTERS,
  type RowStatus,
  ROW_STATUSES,
  VISIBILITIES,
  type Visibility,
} from "../../domain/constants.js";
import { REVISION_SOURCES } from "../../domain/history.js";
import { LATITUDE_LIMIT, LONGITUDE_LIMIT, locationProblem, MAX_MAP_PLACES } from "../../domain/memo-location.js";
import { MEMO_PROPERTIES, type MemoProperty } from "../../domain/memo-properties.js";
import {
  DURATION_REFUSAL,
  hasTooManySearchTerms,
  isForwardDuration,
  MEMO_LIST_ORDERS,
  SEARCH_TERMS_REFUSAL,
} from "../../domain/memo-list.js";
import { MAX_SEARCH_TERMS } from "../../domain/search.js";
import { isValidTagName, MAX_MEMO_TAGS } from "../../domain/tags.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, optionalQueryId, queryInt, type ReasonParams, text, wholeIssue } from "../schema-parts.js";
import {
  bodyId,
  memoContent,
  memoLocationEntitySchema,
  memoIdList,
  memoSelection,
  pageLimit,
  rowStatusSchema,
  unixSeconds,
  visibilitySchema,
} from "../shared-schemas.js";
import { resourceEntitySchema } from "./resource.js";
import { userEntitySchema } from "./user.js";

// Bodies.
/** A created time may run ahead of the server's clock by a minute (a client's clock drifts), no more. */
export const CREATED_TS_FUTURE_TOLERANCE_SECONDS = 60;
const createdTs = unixSeconds.superRefine((value, context) => {
  if (value > Math.floor(Date.now() / 1000) + CREATED_TS_FUTURE_TOLERANCE_SECONDS)
    context.addIssue(wholeIssue("Invalid created datetime: it is in the future", value, "memo.created-in-future"));
});

const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit, `must be between -${limit} and ${limit}`)
    .max(limit, `must be between -${limit} and ${limit}`)
    .nullish()
    .transform((value) => value ?? null);

/** A memo's place (common's memo-location.ts): a name, coordinates, or both; a missing part is empty or null. */
const memoLocation = z
  .object({
    placeholder: text(INPUT_LIMITS.locationPlaceholder)
      .nullish()
      .transform((value) => value ?? ""),
    latitude: coordinate(LATITUDE_LIMIT),
    longitude: coordinate(LONGITUDE_LIMIT),
  })
  .superRefine((location, context) => {
    const problem = locationProblem(location);
    if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message, input: location });
  });

/** A body's place: null is none (clears it in a change), absent leaves it as it is. */
const locationField = memoLocation.nullable().optional();

export const memoCreateSchema = z.object({
  content: memoContent,
  visibility: optional(z.union([visibilitySchema, z.literal("")])),
  resourceIdList: optional(z.array(bodyId).max(1000)),
  createdTs: optional(createdTs),
  /** Our addition: the memo's place; null or absent is none. */
  location: locationField,
  /** Our addition (issue 47): post the memo to this space of the caller's (owner or editor); it is then PRIVATE to all but the space's members. */
  spaceId: optional(bodyId),
});

export const memoPatchSchema = z.object({
  content: optional(memoContent),
  visibility: optional(visibilitySchema),
  rowStatus: optional(rowStatusSchema),
  createdTs: optional(createdTs),
  resourceIdList: optional(z.array(bodyId).max(1000)),
  /** Our addition: the memo's place; null clears it, absent leaves it. */
  location: locationField,
  /** Our addition: the memo's `updatedTs` this change was made on; when the memo has changed since, 409 and nothing is written. */
  baseUpdatedTs: optional(unixSeconds),
});

export const memoOrganizerSchema = z.object({ pinned: z.boolean() });

export const memoResourceLinkSchema = z.object({ resourceId: bodyId });

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

// What a client sends (z.input), and the parsed input the server takes (z.infer).
export type MemoCreateRequest = z.input<typeof memoCreateSchema>;
export type MemoPatchRequest = z.input<typeof memoPatchSchema>;
export type MemoOrganizerRequest = z.input<typeof memoOrganizerSchema>;
export type MemoResourceLinkRequest = z.input<typeof memoResourceLinkSchema>;
export type MemoBatchRequest = z.input<typeof memoBatchSchema>;
export type MemoCreate = z.infer<typeof memoCreateSchema>;
export type MemoPatch = z.infer<typeof memoPatchSchema>;
export type MemoOrganizer = z.infer<typeof memoOrganizerSchema>;
export type MemoResourceLink = z.infer<typeof memoResourceLinkSchema>;
export type MemoBatch = z.infer<typeof memoBatchSchema>;

// Query strings.
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

/** `has=hasLink,hasTaskList`: properties each memo must have (common's memo-properties.ts), comma-separated. */
const propertyList = text(INPUT_LIMITS.queryValue).transform((raw, context): MemoProperty[] | undefined => {
  const values = [
    ...new Set(
      raw
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  const refused = values.find((value) => !(MEMO_PROPERTIES as readonly string[]).includes(value));
  if (refused !== undefined) context.addIssue(wholeIssue(`Invalid has: ${refused} (${MEMO_PROPERTIES.join(", ")})`, raw));
  return values.length > 0 ? (values as MemoProperty[]) : undefined;
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
  /** Our addition: properties of the text each memo must have (the search box's `has:task`). */
  has: optional(propertyList),
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
    /**
     * The time the list runs by, newest first: `display` (the default: created, or updated when the author chose
     * that) or `updated` (the last edit). A cursor continues only a list of its own order.
     */
    orderBy: optional(z.enum(MEMO_LIST_ORDERS)),
  })
  .superRefine((query, context) => {
    forwardDuration(query, context);
    if (query.cursor && query.offset !== undefined && query.offset !== 0)
      context.addIssue(wholeIssue("Invalid cursor: it cannot be combined with offset", query.cursor, undefined, ["cursor"]));
  });
export type MemoListQuery = z.infer<typeof memoListQuerySchema>;
export type MemoListRequest = z.input<typeof memoListQuerySchema>;

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
export type MemoStatsRequest = z.input<typeof memoStatsQuerySchema>;

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
export type MemoAmountRequest = z.input<typeof memoAmountQuerySchema>;

/** Degrees of a query string: a decimal number within ±`limit`. */
const queryDegrees = (limit: number) =>
  text(INPUT_LIMITS.queryValue)
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, "must be a number of degrees")
    .transform(Number)
    .pipe(z.number().min(-limit, `must be between -${limit} and ${limit}`).max(limit, `must be between -${limit} and ${limit}`));

/**
 * `GET /api/memo/place`: the box of the map's view (degrees; `west` past `east` crosses the 180th meridian); the
 * whole world when left out.
 */
export const memoPlacesQuerySchema = z
  .object({
    south: optional(queryDegrees(LATITUDE_LIMIT)),
    west: optional(queryDegrees(LONGITUDE_LIMIT)),
    north: optional(queryDegrees(LATITUDE_LIMIT)),
    east: optional(queryDegrees(LONGITUDE_LIMIT)),
  })
  .superRefine((query, context) => {
    if (query.south !== undefined && query.north !== undefined && query.south > query.north)
      context.addIssue({ code: "custom", path: ["south"], message: "must not be north of north", input: query.south });
  });
export type MemoPlacesQuery = z.infer<typeof memoPlacesQuerySchema>;
export type MemoPlacesRequest = z.input<typeof memoPlacesQuerySchema>;

/** `GET /api/memo/:memoId/revision`: `before` is the `next` of the previous page. */
export const revisionListQuerySchema = z.object({ limit: pageLimit, before: optionalQueryId("before") });
export type RevisionListQuery = z.infer<typeof revisionListQuerySchema>;

/** `GET /api/memo/relation-count?memoIds=1,2,3`: the backlink counts of a page of memos in one request. */
export const relationCountQuerySchema = z.object({ memoIds: memoIdList });

/** `GET /api/memo/:memoId/relation`: `before` is the `next` of the previous page of backlinks. */
export const relationQuerySchema = z.object({ before: optionalQueryId("before") });

// Answers.
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
    location: memoLocationEntitySchema.nullable().describe("Our addition: the memo's place; null when it has none"),
    spaceId: z
      .int()
      .optional()
      .describe("Our addition (issue 47): the space the memo is posted to; its visibility is then PRIVATE and its space's members read it"),
    accessToken: z
      .object({ id: z.int(), name: z.string() })
      .optional()
      .describe("The access token the memo was written with: in GET /api/memo/:memoId, to its creator only"),
  })
  .meta({ id: "Memo" });
export type Memo = z.infer<typeof memoEntitySchema>;

export const memoPlaceEntitySchema = z
  .object({
    id: z.int(),
    snippet: z.string().describe("The first words of its text, as plain words"),
    displayTs: z.int(),
    visibility: z.enum(VISIBILITIES),
    location: memoLocationEntitySchema.describe("Its place; the coordinates are always there"),
  })
  .meta({ id: "MemoPlace" });
export type MemoPlace = z.infer<typeof memoPlaceEntitySchema>;

export const memoPlacesEntitySchema = z
  .object({
    places: z.array(memoPlaceEntitySchema).describe(`At most ${MAX_MAP_PLACES}, south to north`),
    more: z.boolean().describe("More of the caller's memos have a place in the box than `places` holds"),
  })
  .meta({ id: "MemoPlaces" });
/** The caller's memos with a place in a map's view (`GET /api/memo/place`, an addition). */
export type MemoPlaces = z.infer<typeof memoPlacesEntitySchema>;

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

/** One day of the calendar: how many memos it holds, and its first one (by display time) in a few words. */
export const memoCalendarDaySchema = z.object({
  /** The day's start, as asked (Unix seconds). */
  fromTs: z.int(),
  count: z.int(),
  first: z.object({ id: z.int(), snippet: z.string() }).nullable(),
});
export type MemoCalendarDay = z.infer<typeof memoCalendarDaySchema>;

export const memoRevisionEntitySchema = z
  .object({
    id: z.int(),
    memoId: z.int(),
    content: z.string(),
    visibility: z.enum(VISIBILITIES),
    location: memoLocationEntitySchema.nullable().describe("The memo's place in this version"),
    createdTs: z.int().describe("When this version was written"),
    replacedTs: z.int().describe("When the next version replaced it"),
    source: z
      .enum(REVISION_SOURCES)
      .nullable()
      .describe(
        "What wrote this version: the web, an access token, an import, a restore, a tag rename, a bulk edit; null when not recorded",
      ),
    accessToken: z.object({ id: z.int(), name: z.string() }).optional().describe("The token that wrote it, when one did and still exists"),
  })
  .meta({ id: "MemoRevision" });
/** A version a memo's content, visibility or place replaced (`GET /api/memo/:memoId/revision`, an addition). */
export type MemoRevision = z.infer<typeof memoRevisionEntitySchema>;

export const memoRevisionPageEntitySchema = z
  .object({
    revisions: z.array(memoRevisionEntitySchema).describe("Newest first"),
    next: z.int().nullable().describe("`before` of the next page; null on the last"),
  })
  .meta({ id: "MemoRevisionPage" });

export const relatedMemoEntitySchema = z
  .object({
    id: z.int(),
    creatorId: z.int(),
    creatorUsername: z.string(),
    snippet: z.string().describe("The start of its text (up to 300 characters), for a preview"),
    displayTs: z.int().describe("Its display time (created or updated, by its creator's setting)"),
    visibility: z.enum(VISIBILITIES),
    rowStatus: z.enum(ROW_STATUSES),
  })
  .meta({ id: "RelatedMemo" });
/** A short preview of a memo a memo links to or is referenced by (`GET /api/memo/:memoId/relation`). */
export type RelatedMemo = z.infer<typeof relatedMemoEntitySchema>;

export const memoRelationEntitySchema = z
  .object({
    links: z.array(relatedMemoEntitySchema).describe("The memos its text references that the caller may see, by id"),
    backlinks: z
      .array(relatedMemoEntitySchema)
      .describe("The memos referencing it that the caller may see, newest first, a page of at most 50"),
    next: z.int().nullable().describe("`before` of the next page of backlinks; null on the last"),
  })
  .meta({ id: "MemoRelation" });
export type MemoRelation = z.infer<typeof memoRelationEntitySchema>;

export const relationCountEntitySchema = z
  .object({
    memoId: z.int(),
    count: z.int().describe("How many memos the caller may see reference it, at most 99"),
    more: z.boolean().describe("More than 99 do (a card shows 99+)"),
  })
  .meta({ id: "RelationCount" });
/** A card's backlink count (`GET /api/memo/relation-count`). */
export type RelationCount = z.infer<typeof relationCountEntitySchema>;
