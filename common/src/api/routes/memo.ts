// Memos: the lists (the caller's and explore), stats, amount, one memo, pins and resource links.
import { z } from "zod";
import { MAX_BATCH_IDS, NEXT_CURSOR_HEADER } from "../../domain/constants.js";
import { MAX_MAP_PLACES } from "../../domain/memo-location.js";
import { pathId } from "../schema-parts.js";
import {
  memoAmountQuerySchema,
  memoBatchResultEntitySchema,
  memoBatchSchema,
  memoCalendarDaySchema,
  memoCalendarQuerySchema,
  memoCountEntitySchema,
  memoCountQuerySchema,
  memoCreateSchema,
  memoEntitySchema,
  memoIdsEntitySchema,
  memoListQuerySchema,
  memoOrganizerSchema,
  memoPatchSchema,
  memoPlacesEntitySchema,
  memoPlacesQuerySchema,
  memoRelationEntitySchema,
  memoResourceLinkSchema,
  memoRevisionEntitySchema,
  memoRevisionPageEntitySchema,
  memoStatsQuerySchema,
  relationCountEntitySchema,
  relationCountQuerySchema,
  relationQuerySchema,
  revisionListQuerySchema,
} from "../schemas/memo.js";
import { resourceEntitySchema } from "../schemas/resource.js";
import { bare, data, input, route } from "../route.js";
import { MEMO_TEXT_BODY_BYTES } from "../body-limits.js";

const memoParams = z.object({ memoId: pathId() });

const PAGED = `A page of memos; when more follow, the \`${NEXT_CURSOR_HEADER}\` header holds the \`cursor\` of the next page.`;
const LIST_ERRORS = { 400: "A bad query value, cursor, regular expression, or a search past its time budget" } as const;

/** 403 and 404 of a memo the caller may not read. */
const UNREADABLE = {
  403: "A protected memo to a visitor; another's private memo",
  404: "No such memo, or another's archived memo",
} as const;
/** 403 and 404 of a memo the caller may not change. */
const NOT_CREATOR = { 403: "Not the memo's creator", 404: "No such memo, or another's archived memo" } as const;

export const memoRoutes = {
  "memo.create": route({
    method: "POST",
    path: "/api/memo",
    summary: "Create a memo",
    access: "signed-in",
    body: input(memoCreateSchema, "Malformatted post memo request"),
    bodyLimit: { bytes: MEMO_TEXT_BODY_BYTES },
    answer: data(memoEntitySchema),
    errors: { 400: "A created time in the future", 403: "A listed resource is not the caller's", 404: "A listed resource does not exist" },
  }),
  "memo.list": route({
    method: "GET",
    path: "/api/memo",
    summary: "The caller's memos, or a creator's memos as the caller may see them (pinned first)",
    access: "public",
    query: input(memoListQuerySchema, "Malformatted memo list query"),
    answer: data(z.array(memoEntitySchema), PAGED),
    errors: { 400: `${LIST_ERRORS[400]}; a visitor without \`creatorId\`` },
    cacheable: true,
  }),
  "memo.explore": route({
    method: "GET",
    path: "/api/memo/all",
    summary: "Explore: everyone's memos the caller may see, newest first",
    access: "public",
    query: input(memoListQuerySchema, "Malformatted memo list query"),
    answer: data(z.array(memoEntitySchema), PAGED),
    errors: LIST_ERRORS,
    cacheable: true,
  }),
  "memo.count": route({
    method: "GET",
    path: "/api/memo/count",
    summary: "How many memos `GET /api/memo` lists for the same filter, counted up to 30",
    description:
      "Counts the matches of the list's filter (search included) up to the cap: `more` says there are others. It reads what a page of 31 would, so it costs a page at any size.",
    access: "public",
    query: input(memoCountQuerySchema, "Malformatted memo count query"),
    answer: data(memoCountEntitySchema),
    errors: { 400: `${LIST_ERRORS[400]}; a visitor without \`creatorId\`` },
    cacheable: true,
  }),
  "memo.exploreCount": route({
    method: "GET",
    path: "/api/memo/all/count",
    summary: "How many memos `GET /api/memo/all` (explore) lists for the same filter, counted up to 30",
    access: "public",
    query: input(memoCountQuerySchema, "Malformatted memo count query"),
    answer: data(memoCountEntitySchema),
    errors: LIST_ERRORS,
    cacheable: true,
  }),
  "memo.ids": route({
    method: "GET",
    path: "/api/memo/ids",
    summary: `The ids of the memos \`GET /api/memo\` lists for the same filter, in list order, up to ${MAX_BATCH_IDS}`,
    description:
      "What a bulk edit's \"select all that match\" selects: the list's filter (search included) without its paging, by the list's own rules of who sees what. Read page by page along the list's own walk.",
    access: "signed-in",
    query: input(memoCountQuerySchema, "Malformatted memo ids query"),
    answer: data(memoIdsEntitySchema),
    errors: LIST_ERRORS,
    cacheable: true,
  }),
  "memo.batch": route({
    method: "POST",
    path: "/api/memo/batch",
    summary: `One action on many memos (up to ${MAX_BATCH_IDS}): archive, restore, pin, unpin, trash, add or remove tags, set the visibility`,
    description:
      "Each memo is judged as its single route would judge it; one the caller may not change is refused with that route's reason " +
      "(`memo.not-found` also for another's memo the caller may not see), the others are changed in one transaction. " +
      "`tags` (addTags, removeTags) and `visibility` (visibility) are required with their action. Webhooks get one event per changed memo.",
    access: "signed-in",
    body: input(memoBatchSchema, "Malformatted memo batch request"),
    answer: data(memoBatchResultEntitySchema),
  }),
  "memo.stats": route({
    method: "GET",
    path: "/api/memo/stats",
    summary: "Display times (Unix seconds) of a creator's memos, for the heat map",
    access: "public",
    query: input(memoStatsQuerySchema, "Malformatted memo stats query"),
    answer: data(z.array(z.int())),
    errors: { 400: "No `creatorId`" },
    // A large account's answer is hundreds of kilobytes: kept too (up to about 180,000 display times), so a
    // heat map asked for again costs nothing.
    cacheable: { maxEntryBytes: 2 * 1024 * 1024 },
  }),
  "memo.calendar": route({
    method: "GET",
    path: "/api/memo/calendar",
    summary: "A creator's memos by day (the calendar): each day's count and its first memo in a few words",
    description:
      "`days` are the bounds of the days (ascending Unix seconds, the caller's local midnights; a month is its days + 1). " +
      "Counts and firsts follow the heat map's rules: NORMAL memos the caller may read, by display time.",
    access: "public",
    query: input(memoCalendarQuerySchema, "Malformatted memo calendar query"),
    answer: data(z.array(memoCalendarDaySchema)),
    errors: { 400: "No `creatorId`, or `days` not ascending seconds" },
    cacheable: true,
  }),
  "memo.places": route({
    method: "GET",
    path: "/api/memo/place",
    summary: `The caller's memos with coordinates inside a map's view (up to ${MAX_MAP_PLACES}), for the map`,
    description:
      "NORMAL memos of the caller's own that have a place with coordinates inside the box (`south`, `west`, `north`, `east` in degrees; " +
      "`west` past `east` crosses the 180th meridian; a side left out is the world's edge), south to north, read from an index of " +
      "places by creator. A place known by name only has no point on a map and is not listed.",
    access: "signed-in",
    query: input(memoPlacesQuerySchema, "Malformatted memo place query"),
    answer: data(memoPlacesEntitySchema),
    errors: { 400: "A side of the box that is not a number of degrees in range, or south of the box north of its north" },
    cacheable: true,
  }),
  "memo.amount": route({
    method: "GET",
    path: "/api/memo/amount",
    summary: "How many memos the caller may read (of one user, or of everyone)",
    access: "public",
    query: input(memoAmountQuerySchema, "Malformatted memo amount query"),
    answer: data(z.int()),
    cacheable: true,
  }),
  "memo.get": route({
    method: "GET",
    path: "/api/memo/:memoId",
    summary: "One memo",
    access: "public",
    params: memoParams,
    answer: data(memoEntitySchema),
    errors: UNREADABLE,
  }),
  "memo.patch": route({
    method: "PATCH",
    path: "/api/memo/:memoId",
    summary: "Change a memo",
    access: "signed-in",
    params: memoParams,
    body: input(memoPatchSchema, "Malformatted patch memo request"),
    bodyLimit: { bytes: MEMO_TEXT_BODY_BYTES },
    answer: data(memoEntitySchema),
    errors: {
      400: "A created time in the future",
      403: "Not the memo's creator; a listed resource is not the caller's",
      404: "No such memo (or another's archived memo); a listed resource does not exist",
      409: "The memo changed after `baseUpdatedTs` (nothing is written)",
    },
  }),
  "memo.delete": route({
    method: "DELETE",
    path: "/api/memo/:memoId",
    summary: "Delete a memo: it moves to the trash",
    description:
      "It is gone from every list and read (404), as v0 deleted it; `POST /api/trash/:memoId/restore` puts it back until it is purged.",
    access: "signed-in",
    params: memoParams,
    answer: bare(z.literal(true)),
    errors: NOT_CREATOR,
  }),
  "memo.revisions": route({
    method: "GET",
    path: "/api/memo/:memoId/revision",
    summary: "The versions the memo's content and visibility replaced, newest first (its author only)",
    description:
      "Kept as the host's `memoHistory` setting says: every version for 30 days, then one a day for a year, then one a month. Nobody but the memo's author reaches them, an admin neither: anyone else gets 404.",
    access: "signed-in",
    params: memoParams,
    query: input(revisionListQuerySchema, "Malformatted revision query"),
    answer: data(memoRevisionPageEntitySchema),
    errors: { 404: "No such memo, or not the caller's" },
  }),
  "memo.relation": route({
    method: "GET",
    path: "/api/memo/:memoId/relation",
    summary: "The memos this memo links to and those that link to it, as short previews",
    description:
      "A reference is a `/m/<id>` link in a memo's text, outside code (`[text](/m/12)` or bare). Only memos the caller may read are listed: a reference to any other is neither shown nor counted. Backlinks come newest first, 50 a page, continued with `before`; a page reads at most 5,000 references, so past many the caller may not see it may be shorter (even empty) with `next` set.",
    access: "public",
    params: memoParams,
    query: input(relationQuerySchema, "Malformatted relation query"),
    answer: data(memoRelationEntitySchema),
    errors: UNREADABLE,
  }),
  "memo.relationCount": route({
    method: "GET",
    path: "/api/memo/relation-count",
    summary: "How many memos reference each of up to 100 memos (a page of a list), those the caller may see",
    description:
      "Counts only the referencing memos the caller may read, among each memo's newest 500 references, up to 99 (`more` past it). Memos the caller may not read, and memos no visible memo references, are left out. Two queries whatever the page.",
    access: "public",
    query: input(relationCountQuerySchema, "Malformatted relation count query"),
    answer: data(z.array(relationCountEntitySchema)),
  }),
  "memo.revision": route({
    method: "GET",
    path: "/api/memo/:memoId/revision/:revisionId",
    summary: "One version of the memo (its author only)",
    access: "signed-in",
    params: z.object({ memoId: pathId(), revisionId: pathId() }),
    answer: data(memoRevisionEntitySchema),
    errors: { 404: "No such memo or version, or not the caller's" },
  }),
  "memo.restoreRevision": route({
    method: "POST",
    path: "/api/memo/:memoId/revision/:revisionId/restore",
    summary: "Make a version's text and visibility the memo's current ones (itself a new version, so it can be undone)",
    access: "signed-in",
    params: z.object({ memoId: pathId(), revisionId: pathId() }),
    answer: data(memoEntitySchema),
    errors: { 404: "No such memo or version, or not the caller's" },
  }),
  "memo.pin": route({
    method: "POST",
    path: "/api/memo/:memoId/organizer",
    summary: "Pin or unpin a memo for the caller",
    access: "signed-in",
    params: memoParams,
    body: input(memoOrganizerSchema, "Malformatted post memo organizer request"),
    answer: data(memoEntitySchema),
    errors: UNREADABLE,
  }),
  "memo.linkResource": route({
    method: "POST",
    path: "/api/memo/:memoId/resource",
    summary: "Link one of the caller's resources to a memo",
    description: "The key `resourceId` is matched in any letter case (`resourceID`), as v0 did.",
    access: "signed-in",
    params: memoParams,
    body: input(memoResourceLinkSchema, "Malformatted post memo resource request"),
    answer: data(resourceEntitySchema),
    errors: { 403: "Not the memo's creator, or not the resource's owner", 404: "No such memo or resource" },
  }),
  "memo.resources": route({
    method: "GET",
    path: "/api/memo/:memoId/resource",
    summary: "The resources linked to a memo",
    access: "public",
    params: memoParams,
    answer: data(z.array(resourceEntitySchema)),
    errors: UNREADABLE,
  }),
  "memo.unlinkResource": route({
    method: "DELETE",
    path: "/api/memo/:memoId/resource/:resourceId",
    summary: "Unlink a resource from a memo",
    access: "signed-in",
    params: z.object({ memoId: pathId("Memo ID"), resourceId: pathId("Resource ID") }),
    answer: bare(z.literal(true)),
    errors: { 403: "Not the memo's creator", 404: "No such memo, or the resource is not linked to it" },
  }),
};
