// Memo queries. Every list is paged, filtered and ordered in the database; the page is composed by the
// caller with a fixed number of batched look-ups (creators, resources), never one per memo.
import {
  type MemoListOrder,
  type MemoLocation,
  memoPropertyFlags,
  type RevisionSource,
  type RowStatus,
  type Visibility,
} from "@memos/common";
import { sql } from "kysely";
import { newMemoUid } from "./memo-uid.js";
import { locationColumns } from "./memo-location.js";
import type { Db, Engine } from "../../db.js";
import type { MemoRow } from "../../schema.js";
import { UPDATED_TS_CHOSEN } from "./display-time.js";
import { allPinsQuery, applyFilter, baseQuery, DISPLAY_TS, type MemoFilter, pinEntriesQuery } from "./memo-filter.js";
import { searchWalk } from "./memo-search.js";
import { afterCondition, listQuery, orderTs, PINNED, type WalkDirection } from "./memo-walk.js";
import { type MemoListRow, type MemoPage, type MemoPosition, newestFirstBy } from "./memo-page.js";
import { nowSeconds } from "../../time.js";

export type { MemoFilter } from "./memo-filter.js";
export type { MemoListRow, MemoPage, MemoPosition } from "./memo-page.js";
export { newestFirstBy, rowTime } from "./memo-page.js";

/** Rows of the walk: through the search steps when the filter holds text, else the walk of the list (memo-walk.ts). */
async function walkRows(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  if (filter.text) {
    // A search's steps read the newest memos first (its window, its full-text buckets); callers refuse the other order.
    if (direction === "asc") throw new Error("a text search walks newest first only");
    return searchWalk(db, engine, filter, after, limit, offset, time);
  }
  return (await listQuery(db, engine, filter, after, limit, offset, direction, time)).execute() as Promise<MemoListRow[]>;
}

/**
 * How many memos match the filter, counted up to `cap`, and whether more do: the first `cap + 1` of the walk (a
 * search's steps when it holds text), so it costs what a page costs, at any size.
 */
export async function countMemosCapped(db: Db, engine: Engine, filter: MemoFilter, cap: number): Promise<{ count: number; more: boolean }> {
  const rows = await walkRows(db, engine, filter, undefined, cap + 1, 0);
  return { count: Math.min(rows.length, cap), more: rows.length > cap };
}

/**
 * The creator's pinned memos that match, found through their pins in memo_organizer (by its user index, then
 * the memo's primary key): a handful, so they are fetched whole and ordered by the caller, with no ORDER BY
 * and no temporary sort in the database. Without a creator (v1's pinned-first feed) every creator's pins are read.
 */
function pinnedGroup(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  const creatorId = filter.creatorId;
  const pins = creatorId === undefined ? allPinsQuery(db, engine) : pinEntriesQuery(db, creatorId);
  const query = applyFilter(pins, engine, { ...filter, pinned: undefined });
  return query
    .$if(after !== undefined, (q) => q.where(afterCondition(after!, orderTs(time), undefined, direction)))
    .selectAll("m")
    .select(sql<number>`1`.as("pinned"));
}

const directionOf = (page: MemoPage): WalkDirection => (page.ascending ? "asc" : "desc");

/** The SQL of the queries a list page without text runs (for plan tests and the bench): the pinned group, then the walk. */
export async function listMemosSql(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage) {
  const { pinned, ...rest } = filter;
  const direction = directionOf(page);
  const time = page.order ?? "display";
  const walked = await listQuery(
    db,
    engine,
    page.pinnedFirst ? { ...rest, pinned: false } : filter,
    page.after,
    page.limit,
    page.offset,
    direction,
    time,
  );
  return { pinned: pinnedGroup(db, engine, rest, undefined, direction, time).compile(), walk: walked.compile() };
}

/**
 * A page of memos. Explore reads one index walk. A pinned-first list reads the pinned group (small, by the
 * creator's pins) and then walks the unpinned memos in index order from where the pinned group left the page:
 * the same order as `ORDER BY pinned DESC, display_ts DESC, id DESC` (updated_ts in updated order), without sorting
 * the collection.
 */
export async function listMemos(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage): Promise<MemoListRow[]> {
  const direction = directionOf(page);
  const time = page.order ?? "display";
  if (!page.pinnedFirst) return walkRows(db, engine, filter, page.after, page.limit, page.offset, direction, time);
  const { pinned, ...rest } = filter;
  const withPinned = pinned !== false && page.after?.pinned !== 0;
  const withUnpinned = pinned !== true;
  let rows: MemoListRow[] = [];
  let pinnedCount = 0;
  if (withPinned) {
    const pinnedAfter = page.after?.pinned === 1 ? page.after : undefined;
    const group = (await pinnedGroup(db, engine, rest, pinnedAfter, direction, time).execute()) as MemoListRow[];
    const newestFirst = newestFirstBy(time);
    group.sort(direction === "desc" ? newestFirst : (a, b) => newestFirst(b, a));
    rows = group.slice(page.offset, page.offset + page.limit);
    pinnedCount = group.length;
  }
  const remaining = page.limit - rows.length;
  if (!withUnpinned || remaining === 0) return rows;
  const unpinnedAfter = page.after?.pinned === 0 ? page.after : undefined;
  const offset = Math.max(0, page.offset - pinnedCount);
  const unpinned = await walkRows(db, engine, { ...rest, pinned: false }, unpinnedAfter, remaining, offset, direction, time);
  return [...rows, ...unpinned];
}

/**
 * The display times of matching memos (the heat map), as the JSON array text of the answer (`[1700000000,…]`),
 * built by the database: on SQLite in a reader thread, so the main thread receives one string however many memos
 * there are. Without `fromTs`: every one, newest created first (the v0 answer), read from the index alone
 * (idx_memo_creator_status_created holds the display time and visibility, migration 025). With it: those at or
 * after it, newest displayed first, read from the display-time index.
 */
export async function displayTimesJson(db: Db, engine: Engine, filter: MemoFilter): Promise<string> {
  const row = await displayTimesJsonQuery(db, engine, filter).executeTakeFirst();
  return row?.json ?? "[]";
}

function displayTimesQuery(db: Db, engine: Engine, filter: MemoFilter) {
  const query = applyFilter(baseQuery(db), engine, filter).select(DISPLAY_TS.as("display_ts"));
  return filter.fromTs === undefined
    ? query.orderBy("m.created_ts", "desc").orderBy("m.id", "desc")
    : query.orderBy(DISPLAY_TS, "desc").orderBy("m.id", "desc");
}

/**
 * The times joined in the subquery's order: an aggregate over an ordered subquery keeps its order on both engines
 * (neither flattens a subquery with ORDER BY into an aggregate), with no sort of its own.
 */
function displayTimesJsonQuery(db: Db, engine: Engine, filter: MemoFilter) {
  const joined =
    engine === "postgres" ? sql<string | null>`string_agg(t.display_ts::text, ',')` : sql<string | null>`group_concat(t.display_ts, ',')`;
  return db.selectFrom(displayTimesQuery(db, engine, filter).as("t")).select(sql<string>`'[' || COALESCE(${joined}, '') || ']'`.as("json"));
}

/** The display times of matching memos in the window (the calendar's counts): the heat map's windowed read. */
export async function listDisplayTimes(db: Db, engine: Engine, filter: MemoFilter): Promise<number[]> {
  const rows = await displayTimesQuery(db, engine, filter).execute();
  return rows.map((row) => Number(row.display_ts));
}

/** How many characters of a memo the calendar's "first words" are cut from (the presenter shortens them). */
const FIRST_WORDS_CHARS = 200;

/** The first memo (by display time) in the filter's window, with the start of its text: one step of an index walk. */
function firstMemoQuery(db: Db, engine: Engine, filter: MemoFilter) {
  return applyFilter(baseQuery(db), engine, filter)
    .select(["m.id", sql<string>`substr(m.content, 1, ${sql.lit(FIRST_WORDS_CHARS)})`.as("head")])
    .orderBy(DISPLAY_TS, "asc")
    .orderBy("m.id", "asc")
    .limit(1);
}

export async function firstMemoOf(db: Db, engine: Engine, filter: MemoFilter): Promise<{ id: number; head: string } | undefined> {
  return firstMemoQuery(db, engine, filter).executeTakeFirst();
}

/** The SQL of the calendar's first-memo query (for plan tests). */
export const firstMemoSql = (db: Db, engine: Engine, filter: MemoFilter) => firstMemoQuery(db, engine, filter).compile();

/** The SQL of the heat-map query (for plan tests and the bench). */
export const displayTimesSql = (db: Db, engine: Engine, filter: MemoFilter) => displayTimesJsonQuery(db, engine, filter).compile();

export interface CountScope {
  creatorId?: number;
  rowStatus: RowStatus;
  /** undefined means all. */
  visibilities?: Visibility[];
}

/**
 * How many memos the scopes hold together (a memo in two scopes counts once), summed in one query from the
 * maintained memo_count rows (a few per user), not counted.
 */
export async function sumMemoCounts(db: Db, scopes: CountScope[]): Promise<number> {
  const open = scopes.filter((scope) => scope.visibilities?.length !== 0);
  if (open.length === 0) return 0;
  const row = await db
    .selectFrom("memo_count")
    .select(sql<number>`COALESCE(SUM(n), 0)`.as("n"))
    .where((eb) =>
      eb.or(
        open.map((scope) =>
          eb.and([
            eb("row_status", "=", scope.rowStatus),
            ...(scope.creatorId !== undefined ? [eb("creator_id", "=", scope.creatorId)] : []),
            ...(scope.visibilities !== undefined ? [eb("visibility", "in", scope.visibilities)] : []),
          ]),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findMemoById(db: Db, id: number): Promise<MemoListRow | undefined> {
  const row = await baseQuery(db).selectAll("m").select(PINNED.as("pinned")).where("m.id", "=", id).executeTakeFirst();
  return row as MemoListRow | undefined;
}

export interface NewMemo {
  creator_id: number;
  /** The access token the memo is written with, if any. */
  access_token_id?: number | null;
  /** What wrote it (null: not recorded). */
  edit_source?: RevisionSource | null;
  edit_token_id?: number | null;
  content: string;
  visibility: Visibility;
  created_ts?: number;
  /** Its v1 name's uid when the client chose one (checked free by the caller); a random one otherwise. */
  uid?: string;
  /** Its place; none when left out. */
  location?: MemoLocation | null;
  /** The space it is posted to (its visibility then PRIVATE), if any. */
  space_id?: number | null;
}

export async function insertMemo(db: Db, memo: NewMemo): Promise<number> {
  const createdTs = memo.created_ts ?? nowSeconds();
  const { location, ...columns } = memo;
  // A new memo's created and updated times are equal, so either display option gives created_ts.
  const row = await db
    .insertInto("memo")
    .values({
      ...columns,
      ...locationColumns(location ?? null),
      uid: memo.uid ?? newMemoUid(),
      created_ts: createdTs,
      updated_ts: createdTs,
      display_ts: createdTs,
      property_flags: memoPropertyFlags(memo.content),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MemoUpdate {
  content?: string;
  visibility?: Visibility;
  row_status?: RowStatus;
  created_ts?: number;
  edit_source?: RevisionSource;
  edit_token_id?: number | null;
  /** Its new place, or null to clear it. */
  location?: MemoLocation | null;
}

/** The memo's row, locked for the rest of the transaction on PostgreSQL (SQLite's write transaction holds them all). */
export function lockMemo(db: Db, engine: Engine, id: number): Promise<MemoRow | undefined> {
  return db
    .selectFrom("memo")
    .selectAll()
    .where("id", "=", id)
    .$if(engine === "postgres", (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Several memos' rows, locked like `lockMemo`'s. Give at most a batch (500) of ids. */
export function lockMemos(db: Db, engine: Engine, ids: readonly number[]): Promise<MemoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("memo")
    .selectAll()
    .where("id", "in", ids)
    .$if(engine === "postgres", (query) => query.forUpdate())
    .execute();
}

/**
 * A memo of a space is private by visibility (migration 051): given another visibility, it leaves its space, so no
 * memo is ever both shared beyond the space and in it.
 */
export const leavesSpace = (visibility: Visibility | undefined): { space_id?: null } =>
  visibility !== undefined && visibility !== "PRIVATE" ? { space_id: null } : {};

/** Updates the memo; with `expectedUpdatedTs`, only while its updated_ts is still that. Whether a row was updated. */
export async function updateMemo(db: Db, id: number, update: MemoUpdate, expectedUpdatedTs?: number): Promise<boolean> {
  const now = nowSeconds();
  const createdTs = update.created_ts === undefined ? sql.ref("created_ts") : sql.val(update.created_ts);
  const { location, ...columns } = update;
  const result = await db
    .updateTable("memo")
    .set({
      ...columns,
      ...(location !== undefined && locationColumns(location)),
      ...leavesSpace(update.visibility),
      ...(update.content !== undefined && { property_flags: memoPropertyFlags(update.content) }),
      updated_ts: now,
      display_ts: sql<number>`CASE WHEN ${sql.raw(UPDATED_TS_CHOSEN)} THEN CAST(${now} AS BIGINT) ELSE CAST(${createdTs} AS BIGINT) END`,
    })
    .where("id", "=", id)
    .$if(expectedUpdatedTs !== undefined, (query) => query.where("updated_ts", "=", expectedUpdatedTs!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After a creator changes memoDisplayTsOption: every memo of theirs shows the chosen time. */
export async function refreshDisplayTimes(db: Db, creatorId: number, option: "created_ts" | "updated_ts"): Promise<void> {
  await db
    .updateTable("memo")
    .set({ display_ts: sql.ref(option) })
    .where("creator_id", "=", creatorId)
    .execute();
}

export async function upsertOrganizer(db: Db, memoId: number, userId: number, pinned: boolean): Promise<void> {
  await db
    .insertInto("memo_organizer")
    .values({ memo_id: memoId, user_id: userId, pinned: pinned ? 1 : 0 })
    .onConflict((oc) => oc.columns(["memo_id", "user_id"]).doUpdateSet({ pinned: pinned ? 1 : 0 }))
    .execute();
}

/**
 * The visibility facts of the memos a resource is linked to (for resource read checks), by a join: a resource
 * may be linked to more memos than a statement can list.
 */
export function findMemoFactsOfResource(db: Db, resourceId: number) {
  return db
    .selectFrom("memo_resource as mr")
    .innerJoin("memo as m", "m.id", "mr.memo_id")
    .select(["m.id", "m.creator_id", "m.visibility", "m.row_status", "m.space_id"])
    .where("mr.resource_id", "=", resourceId)
    .unionAll(
      // A comment's file is read by whoever may read the comment's memo.
      db
        .selectFrom("memo_comment_resource as cr")
        .innerJoin("memo_comment as c", "c.id", "cr.comment_id")
        .innerJoin("memo as m", "m.id", "c.memo_id")
        .select(["m.id", "m.creator_id", "m.visibility", "m.row_status", "m.space_id"])
        .where("cr.resource_id", "=", resourceId),
    )
    .execute();
}

/** A memo's new text. */
export interface MemoText {
  id: number;
  content: string;
}

/**
 * Sets the content of several memos in one statement, each updated now as `updateMemo` does, saying what wrote
 * them; run inside a transaction. Give at most a batch (500) at a time.
 */
export async function updateMemoContents(
  db: Db,
  texts: readonly MemoText[],
  edit: { edit_source: RevisionSource; edit_token_id: number | null },
): Promise<void> {
  if (texts.length === 0) return;
  const now = nowSeconds();
  const content = sql<string>`CASE id ${sql.join(
    texts.map((text) => sql`WHEN ${text.id} THEN ${text.content}`),
    sql` `,
  )} END`;
  const flags = sql<number>`CASE id ${sql.join(
    texts.map((text) => sql`WHEN ${text.id} THEN ${sql.lit(memoPropertyFlags(text.content))}`),
    sql` `,
  )} END`;
  await db
    .updateTable("memo")
    .set({
      ...edit,
      content,
      property_flags: flags,
      updated_ts: now,
      display_ts: sql<number>`CASE WHEN ${sql.raw(UPDATED_TS_CHOSEN)} THEN CAST(${now} AS BIGINT) ELSE created_ts END`,
    })
    .where(
      "id",
      "in",
      texts.map((text) => text.id),
    )
    .execute();
}

/** The visibility facts of the memos (the reactions of a page, judged memo by memo), in one statement. */
export function findMemoFacts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("memo").select(["id", "creator_id", "visibility", "row_status", "space_id"]).where("id", "in", ids).execute();
}
