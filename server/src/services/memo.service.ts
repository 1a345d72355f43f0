// Memos: create, change, read, list, explore, stats, pins.
import {
  type Memo,
  type MemoCountInput,
  MAX_BATCH_IDS,
  MAX_LIST_LIMIT,
  MEMO_COUNT_CAP,
  type MemoCount,
  type MemoListFilter,
  type MemoCreate,
  type MemoIds,
  type MemoListInput,
  type MemoOrganizer,
  type MemoPatch,
  type MemoCalendarDay,
  type MemoCalendarInput,
  type MemoTimesInput,
  type Visibility,
  type WebhookEvent,
} from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, conflict, isCancelledRegex, notFound, unauthenticated } from "../errors.js";
import { amountScopes, authorizeMemo, exploreScope, type MemoAction, memoListScope, statsScope } from "../policies/memo.policy.js";
import { canSeeMemoToken } from "../policies/access-token.policy.js";
import { authorizeSpace } from "../policies/space.policy.js";
import { authorizeResourceLink } from "../policies/resource.policy.js";
import { findAccessTokenName } from "../store/sql/access-token.store.js";
import type { Db } from "../store/db.js";
import {
  sumMemoCounts,
  countMemosCapped,
  insertMemo,
  displayTimesJson,
  firstMemoOf,
  listDisplayTimes,
  listMemos as selectMemos,
  type MemoFilter,
  type MemoListRow,
  type MemoPage,
  type MemoPosition,
  type MemoUpdate,
  upsertOrganizer,
} from "../store/sql/memo/memo.store.js";
import { memoUidTaken, newMemoUid } from "../store/sql/memo/memo-uid.js";
import { findResourcesByIds, linkResources } from "../store/sql/resource.store.js";
import { readUserSetting } from "../store/sql/settings.js";
import { findSpaceRole } from "../store/sql/space.store.js";
import { requireMemo } from "./memo-access.js";
import { composeMemos } from "./memo-compose.js";
import { presentCalendarDay } from "../presenters/memo-calendar.presenter.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";
import { notifyMentions } from "./inbox.service.js";
import { indexContent, originOf, reviseMemo, storableTags } from "./memo-revise.js";
import { nextCursor, positionAfter } from "./memo-cursor.js";
import { type ParsedMemoQuery, readMemoList } from "./memo-query.js";
import { liveMemo, liveTransaction, publishLive } from "./live-feed.js";

/**
 * The memo `id`, when `viewer` may do `action` to it; 404 or 403 otherwise. The routes that change a memo ask it
 * before the body is validated too (v0 answered these before a 400).
 */
export async function authorizedMemo(ctx: AppContext, viewer: Viewer, id: number, action: MemoAction): Promise<MemoListRow> {
  const memo = await requireMemo(ctx.store.db, id, viewer);
  authorizeMemo(viewer, action, memo);
  return memo;
}

async function composeOne(db: Db, id: number): Promise<Memo> {
  const [memo] = await composeMemos(db, [await requireMemo(db, id)]);
  if (!memo) throw notFound(`Memo ID not found: ${id}`, { reason: "memo.not-found" });
  return memo;
}

/** Every id must be an existing resource of the caller; otherwise nothing is written. */
export async function assertOwnResources(db: Db, viewer: Viewer, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const resources = await findResourcesByIds(db, ids);
  const found = new Set(resources.map((resource) => resource.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Resource not found: ${missing}`, { reason: "resource.not-found", field: "resourceIdList" });
  for (const resource of resources) authorizeResourceLink(viewer, resource);
}

/** Webhook deliveries about one memo go out in order. */
const memoKey = (id: number) => `memo:${id}`;

/** The events of a change: archived or restored when the row status moves, updated when anything else changes. */
function patchEvents(memo: { row_status: string }, input: MemoPatch): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  if (input.rowStatus !== undefined && input.rowStatus !== memo.row_status)
    events.push(input.rowStatus === "ARCHIVED" ? "memo.archived" : "memo.restored");
  const { rowStatus: _status, ...rest } = input;
  if (Object.values(rest).some((value) => value !== undefined)) events.push("memo.updated");
  return events;
}

/**
 * `input` is valid already (the route's schema, memoCreateSchema); its text meets the caps again as it is indexed.
 * `uid`: the v1 name's uid the client chose (a taken one is a 409), a random one otherwise.
 */
export async function createMemo(ctx: AppContext, viewer: Viewer, input: MemoCreate, { uid }: { uid?: string } = {}): Promise<Memo> {
  if (viewer === null) throw unauthenticated();
  const { db } = ctx.store;
  const tags = storableTags(input.content);
  const resourceIds = input.resourceIdList ?? [];
  let queued = false;
  // Chosen here, so the live note can name the memo without reading it again.
  const memoUid = uid ?? newMemoUid();
  let visibility: Visibility = "PRIVATE";
  const id = await liveTransaction(ctx, async (tx) => {
    await assertOwnResources(tx, viewer, resourceIds);
    // A memo posted to a space is private by visibility (migration 051); none asked for: the account's
    // memoVisibility setting (PRIVATE by default).
    if (input.spaceId !== undefined) await assertMayPostToSpace(tx, viewer, input);
    visibility = input.spaceId !== undefined ? "PRIVATE" : input.visibility || (await readUserSetting(tx, viewer.id, "memoVisibility"));
    if (uid !== undefined && (await memoUidTaken(tx, uid)))
      throw conflict(`Memo uid already taken: ${uid}`, { reason: "input.conflict", field: "uid" });
    const memoId = await insertMemo(tx, {
      uid: memoUid,
      creator_id: viewer.id,
      access_token_id: viewer.token?.id ?? null,
      edit_source: originOf(viewer).source,
      edit_token_id: viewer.token?.id ?? null,
      content: input.content,
      visibility,
      location: input.location ?? null,
      space_id: input.spaceId ?? null,
      ...(input.createdTs !== undefined ? { created_ts: input.createdTs, updated_ts: input.createdTs } : {}),
    });
    await indexContent(tx, memoId, viewer.id, input.content, tags);
    await linkResources(tx, memoId, resourceIds);
    await notifyMentions(tx, viewer, {
      memo: { id: memoId, creator_id: viewer.id, visibility, row_status: "NORMAL", space_id: input.spaceId ?? null },
      content: input.content,
    });
    queued = await queueWebhookEvent(tx, viewer, "memo.created", memoKey(memoId), async () => ({ memo: await composeOne(tx, memoId) }));
    return memoId;
  });
  afterCommit(ctx, queued);
  publishLive(ctx, [{ type: "memo.created", memo: { id, uid: memoUid, creator_id: viewer.id, visibility, row_status: "NORMAL" } }]);
  return composeOne(db, id);
}

/** `input` is valid already (the route's schema, memoPatchSchema). */
export async function patchMemo(ctx: AppContext, viewer: Viewer, id: number, input: MemoPatch): Promise<Memo> {
  const { db } = ctx.store;
  const memo = await authorizedMemo(ctx, viewer, id, "update");
  const update: MemoUpdate = {};
  if (input.content !== undefined) update.content = input.content;
  if (input.visibility !== undefined) update.visibility = input.visibility;
  if (input.rowStatus !== undefined) update.row_status = input.rowStatus;
  if (input.createdTs !== undefined) update.created_ts = input.createdTs;
  if (input.location !== undefined) update.location = input.location;
  const queued = await liveTransaction(ctx, async (tx) => {
    await assertOwnResources(tx, viewer, input.resourceIdList ?? []);
    // Compared on the locked row, so a change landing in between cannot slip through on either engine.
    if (!(await reviseMemo(tx, ctx.store.engine, id, update, originOf(viewer!), input.baseUpdatedTs))) {
      throw conflict(`baseUpdatedTs: the memo was changed after ${input.baseUpdatedTs}`, {
        reason: "memo.changed",
        field: "baseUpdatedTs",
      });
    }
    await linkResources(tx, id, input.resourceIdList ?? []);
    // Those named anew, or named and now allowed to read it, are told (never twice for one name).
    if (input.content !== undefined || input.visibility !== undefined || input.rowStatus !== undefined) {
      const after = { ...memo, visibility: input.visibility ?? memo.visibility, row_status: input.rowStatus ?? memo.row_status };
      await notifyMentions(tx, viewer!, { memo: after, content: input.content ?? memo.content }, { memo, content: memo.content });
    }
    let any = false;
    for (const event of patchEvents(memo, input)) {
      any = (await queueWebhookEvent(tx, viewer!, event, memoKey(id), async () => ({ memo: await composeOne(tx, id) }))) || any;
    }
    return any;
  });
  afterCommit(ctx, queued);
  const after = { ...liveMemo(memo), visibility: input.visibility ?? memo.visibility, row_status: input.rowStatus ?? memo.row_status };
  publishLive(ctx, [{ type: "memo.updated", memo: after, before: { visibility: memo.visibility, row_status: memo.row_status } }]);
  return composeOne(db, id);
}

export async function getMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<Memo> {
  const memo = await authorizedMemo(ctx, viewer, id, "read");
  const [composed] = await composeMemos(ctx.store.db, [memo]);
  if (!composed) throw notFound(`Memo ID not found: ${id}`, { reason: "memo.not-found" });
  // Which token wrote the memo is its creator's business alone (their bots), never shown to others.
  if (memo.access_token_id !== null && canSeeMemoToken(viewer, memo)) {
    const token = await findAccessTokenName(ctx.store.db, memo.access_token_id);
    if (token) composed.accessToken = token;
  }
  return composed;
}

/** `input` is valid already (the route's schema, memoOrganizerSchema). */
export async function pinMemo(ctx: AppContext, viewer: Viewer, id: number, input: MemoOrganizer): Promise<Memo> {
  const { db } = ctx.store;
  const memo = await authorizedMemo(ctx, viewer, id, "pin");
  const queued = await db.transaction().execute(async (tx) => {
    await upsertOrganizer(tx, id, viewer!.id, input.pinned);
    const event = input.pinned ? "memo.pinned" : "memo.unpinned";
    return queueWebhookEvent(tx, viewer!, event, memoKey(id), async () => ({ memo: await composeOne(tx, id) }));
  });
  afterCommit(ctx, queued);
  publishLive(ctx, [{ type: "memo.updated", memo: liveMemo(memo) }]);
  return composeOne(db, id);
}

/** PostgreSQL's regex dialect refuses some patterns JavaScript accepts (named groups, \p{…}): a 400, not a 500. */
async function withRegexGuard<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "2201B" && !isCancelledRegex(error))
      throw badRequest("Invalid regular expression: the database cannot run this pattern", {
        reason: "search.invalid-regex",
        field: "text",
      });
    throw error;
  }
}

/**
 * A page of a list. A search (or a property filter) may scan: it runs on the budgeted handle, so it answers or gives up instead of
 * holding the server, and in the caller's turn (store/search-turns.ts), so one caller's slow searches never queue
 * another's.
 */
function selectPage(ctx: AppContext, caller: string, parsed: ParsedMemoQuery, filter: MemoFilter, page: MemoPage) {
  return asSearch(ctx, caller, parsed, (db) => selectMemos(db, ctx.store.engine, filter, page));
}

/** Runs a read of the list's filter: as a search (budgeted, in the caller's turn) when the filter holds text. */
function asSearch<T>(ctx: AppContext, caller: string, parsed: ParsedMemoQuery, read: (db: AppContext["store"]["db"]) => Promise<T>) {
  const { store } = ctx;
  // Text, or a property of it (`has`), is checked memo by memo: a search's budget and turns.
  if (!parsed.narrowing.text && (parsed.narrowing.conditions?.length ?? 0) === 0) return read(store.db);
  return store.searchTurns.run(caller, () => withRegexGuard(read(store.searchDb)));
}

/**
 * `GET /api/memo/count` and `/api/memo/all/count`: how many memos the list (`list`: the caller's or a creator's,
 * pinned or not as asked; `explore`) shows for the query's filter, up to MEMO_COUNT_CAP, by the list's own rules
 * of who sees what.
 */
export async function countMemos(
  ctx: AppContext,
  viewer: Viewer,
  input: MemoListFilter,
  caller: string,
  list: "list" | "explore",
): Promise<MemoCount> {
  const parsed = readMemoList(input);
  const filter =
    list === "list"
      ? { ...parsed.narrowing, ...memoListScope(viewer, parsed.creatorId, parsed) }
      : { ...parsed.narrowing, ...exploreScope(viewer, parsed.visibilities, parsed.rowStatus), creatorId: parsed.creatorId };
  return asSearch(ctx, caller, parsed, (db) => countMemosCapped(db, ctx.store.engine, filter, MEMO_COUNT_CAP));
}

/**
 * `GET /api/memo/ids`: the ids of what `GET /api/memo` lists for the query's filter, in list order, up to
 * MAX_BATCH_IDS (a bulk edit's "select all that match"): the list's own pages of the largest size, one after the
 * other by keyset, so the ids are exactly the list's.
 */
export async function memoIds(ctx: AppContext, viewer: Viewer, input: MemoListFilter, caller: string): Promise<MemoIds> {
  const parsed = readMemoList(input);
  const filter = { ...parsed.narrowing, ...memoListScope(viewer, parsed.creatorId, parsed) };
  const ids: number[] = [];
  let after: MemoPosition | undefined;
  for (;;) {
    const limit = Math.min(MAX_LIST_LIMIT, MAX_BATCH_IDS + 1 - ids.length);
    const rows = await selectPage(ctx, caller, parsed, filter, { pinnedFirst: true, limit, offset: 0, after });
    for (const row of rows) ids.push(row.id);
    if (rows.length < limit || ids.length > MAX_BATCH_IDS) break;
    after = positionAfter(rows.at(-1)!, true);
  }
  return { ids: ids.slice(0, MAX_BATCH_IDS), more: ids.length > MAX_BATCH_IDS };
}

/** A page of memos and the cursor of the next page (none after the last). */
export interface MemoPageResult {
  memos: Memo[];
  nextCursor?: string;
}

/**
 * `GET /api/memo`: the caller's own memos, or a creator's memos as the caller may see them; pinned first (unless
 * `pinnedFirst` is false: the MCP tools list by time alone).
 * `caller` names who asks, for the turns of searches (http/request-context.ts, callerOf).
 */
export async function listMemos(
  ctx: AppContext,
  viewer: Viewer,
  input: MemoListInput,
  caller: string,
  { pinnedFirst } = { pinnedFirst: true },
): Promise<MemoPageResult> {
  const parsed = readMemoList(input);
  const scope = memoListScope(viewer, parsed.creatorId, parsed);
  const page = { pinnedFirst, limit: parsed.limit, offset: parsed.offset, after: parsed.after, order: parsed.order };
  const rows = await selectPage(ctx, caller, parsed, { ...parsed.narrowing, ...scope }, page);
  return { memos: await composeMemos(ctx.store.db, rows), nextCursor: nextCursor(rows, parsed.limit, pinnedFirst, parsed.order) };
}

/** `GET /api/memo/all`: everyone's memos the caller may see, newest first (displayed, or updated with `orderBy`). */
export async function exploreMemos(ctx: AppContext, viewer: Viewer, input: MemoListInput, caller: string): Promise<MemoPageResult> {
  const parsed = readMemoList(input);
  const scope = exploreScope(viewer, parsed.visibilities, parsed.rowStatus);
  const filter = { ...parsed.narrowing, ...scope, creatorId: parsed.creatorId };
  const page = { pinnedFirst: false, limit: parsed.limit, offset: parsed.offset, after: parsed.after, order: parsed.order };
  const rows = await selectPage(ctx, caller, parsed, filter, page);
  return { memos: await composeMemos(ctx.store.db, rows), nextCursor: nextCursor(rows, parsed.limit, false, parsed.order) };
}

/**
 * `GET /api/space/:spaceId/memo`: the space's NORMAL memos, every member's, newest first, filtered by tag or search
 * as a list is; a member's only (policies/space.policy.ts). Walked by the space's display index at any size.
 */
export async function spaceMemos(
  ctx: AppContext,
  viewer: Viewer,
  spaceId: number,
  input: MemoListInput,
  caller: string,
): Promise<MemoPageResult> {
  authorizeSpace(viewer === null ? null : await findSpaceRole(ctx.store.db, spaceId, viewer.id), "read", spaceId);
  const parsed = readMemoList(input);
  const filter: MemoFilter = { ...parsed.narrowing, pinned: undefined, spaceId, rowStatus: "NORMAL" };
  const page = { pinnedFirst: false, limit: parsed.limit, offset: parsed.offset, after: parsed.after };
  const rows = await selectPage(ctx, caller, parsed, filter, page);
  return { memos: await composeMemos(ctx.store.db, rows), nextCursor: nextCursor(rows, parsed.limit, false) };
}

/** Posting to a space: its owner and editors only, and never with a visibility beyond the space's. */
async function assertMayPostToSpace(db: Db, viewer: Actor, input: MemoCreate): Promise<void> {
  const spaceId = input.spaceId!;
  authorizeSpace(await findSpaceRole(db, spaceId, viewer.id), "post", spaceId);
  if (input.visibility && input.visibility !== "PRIVATE")
    throw badRequest("Invalid visibility: a memo posted to a space is shown to its members only", { field: "visibility" });
}

/**
 * `GET /api/memo/stats`: display times of a creator's NORMAL memos the caller may read; `from` windows them. The
 * JSON array text of the answer's `data`, as the database wrote it (a large account has tens of thousands).
 */
export async function memoStatsJson(ctx: AppContext, viewer: Viewer, input: MemoTimesInput): Promise<string> {
  const creatorId = input.creatorId;
  if (creatorId === undefined) throw badRequest("Missing user id to find memo", { reason: "memo.list-needs-user", field: "creatorId" });
  return displayTimesJson(ctx.store.db, ctx.store.engine, { ...statsScope(viewer, creatorId), fromTs: input.fromTs, toTs: input.toTs });
}

/**
 * `GET /api/memo/calendar`: for each day between consecutive `days` bounds, how many memos the heat map would count
 * and the first of them. One windowed read of the display-time index for the counts, then one indexed step per
 * day that has memos (at most 42), whatever the account's size.
 */
export async function memoCalendar(ctx: AppContext, viewer: Viewer, input: MemoCalendarInput): Promise<MemoCalendarDay[]> {
  const { creatorId, days } = input;
  if (creatorId === undefined) throw badRequest("Missing user id to find memo", { reason: "memo.list-needs-user", field: "creatorId" });
  const { db, engine } = ctx.store;
  const scope = statsScope(viewer, creatorId);
  const times = await listDisplayTimes(db, engine, { ...scope, fromTs: days[0], toTs: days.at(-1) });
  const counts = days.slice(0, -1).map((from, i) => times.filter((time) => time >= from && time < days[i + 1]!).length);
  return Promise.all(
    counts.map(async (count, i) => {
      const first = count > 0 ? await firstMemoOf(db, engine, { ...scope, fromTs: days[i], toTs: days[i + 1] }) : undefined;
      return presentCalendarDay(days[i]!, count, first);
    }),
  );
}

/**
 * `GET /api/memo/amount`: how many NORMAL memos the caller may read (of one user, or of everyone), from counters.
 */
export async function memoAmount(ctx: AppContext, viewer: Viewer, input: MemoCountInput): Promise<number> {
  return sumMemoCounts(ctx.store.db, amountScopes(viewer, input.creatorId));
}
