// Memo queries. Every list is paged, filtered and ordered in the database; the page is composed by the
// caller with a fixed number of batched look-ups (creators, resources), never one per memo.
import type { RowStatus, Visibility } from "@memos/common";
import { sql } from "kysely";
import type { Db, Engine } from "./db.js";
import { UPDATED_TS_CHOSEN } from "./display-time.js";
import { applyFilter, baseQuery, DISPLAY_TS, type MemoFilter, rareTextProbe, tagEntries, tagEntriesQuery, tagsBetween, textCondition } from "./memo-filter.js";
import type { MemoRow } from "./schema.js";
import { nowSeconds } from "./time.js";

export type { MemoFilter } from "./memo-filter.js";

/** A memo with its creator's pin, from memo_organizer. */
export interface MemoListRow extends MemoRow {
  pinned: number;
}

/** Where a keyset page starts: strictly after this memo in list order. */
export interface MemoPosition {
  /** 1 while still in the pinned group of a pinned-first list. */
  pinned: 0 | 1;
  displayTs: number;
  id: number;
}

export interface MemoPage {
  pinnedFirst: boolean;
  limit: number;
  offset: number;
  /** Keyset paging: the page starts after this position (and `offset` is 0). */
  after?: MemoPosition;
}

const PINNED = sql<number>`COALESCE(o.pinned, 0)`;


/** Rows after `position` in (display_ts, id) descending order; the display_ts bound is an index range. */
const afterCondition = (position: MemoPosition, ts = DISPLAY_TS, id = sql<number>`m.id`) =>
  sql<boolean>`${ts} <= ${position.displayTs} AND (${ts} < ${position.displayTs} OR ${id} < ${position.id})`;

const pinColumn = (filter: MemoFilter) => (filter.pinned === undefined ? PINNED : sql<number>`${filter.pinned ? 1 : 0}`);

/**
 * Matching memos in index order (display_ts, id descending): read from an index walk, never sorted. Without
 * `filter.pinned` the creator's pin is read per row; with it the pin is known and memo_organizer is not joined.
 */
function walk(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  // A rare text's few memos are looked up by id and sorted. SQLite would rather walk a display index in order and
  // test every row against the ids (all memos in scope at worst): `+` keeps the order off the index.
  const byIds = filter.textCandidates !== undefined && engine === "sqlite";
  return applyFilter(baseQuery(db), engine, filter)
    .$if(after !== undefined, (query) => query.where(afterCondition(after!)))
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"))
    .orderBy(byIds ? sql`+m.display_ts` : DISPLAY_TS, "desc")
    .orderBy(byIds ? sql`+m.id` : "m.id", "desc")
    .limit(limit)
    .offset(offset);
}

/**
 * The walk of one tag's memo_tag entries in display order (index idx_memo_tag_creator_display for a creator's
 * list, idx_memo_tag_display otherwise), each memo looked up by primary key and checked against the rest of the
 * filter: the first `count` that match.
 */
function tagEntryWalk(db: Db, engine: Engine, filter: MemoFilter, tag: string, after: MemoPosition | undefined, count: number) {
  const ts = sql<number>`t.display_ts`;
  const id = sql<number>`t.memo_id`;
  // The entries' creator is the memo's: checked once, on the index (the planners would count it twice).
  return applyFilter(tagEntriesQuery(db), engine, { ...filter, creatorId: undefined, tagByEntries: true })
    .where(tagEntries(engine, tag, filter.creatorId))
    .$if(after !== undefined, (query) => query.where(afterCondition(after!, ts, id)))
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"))
    .orderBy(ts, "desc")
    .orderBy(id, "desc")
    .limit(count);
}

/** A tag with more children than this is walked in display order, checking each memo's tags. */
const MOST_CHILD_TAGS = 32;

/**
 * A page of a tag's list: the walk of each tag's entries, the tag's and each child's (`work`, `work/project`), the
 * first `limit + offset` of each, merged. A memo under two of the tags comes out of both walks as the same row, and
 * the union keeps one: every memo of the page is among the first `limit + offset` of a walk it belongs to.
 */
function taggedPage(db: Db, engine: Engine, filter: MemoFilter, tags: readonly string[], after: MemoPosition | undefined, limit: number, offset: number) {
  const [first, ...rest] = tags.map((tag) => db.selectFrom(tagEntryWalk(db, engine, filter, tag, after, limit + offset).as("w")).selectAll("w"));
  if (rest.length === 0) return tagEntryWalk(db, engine, filter, tags[0]!, after, limit).offset(offset);
  return rest
    .reduce((all, each) => all.union(each), first!)
    .orderBy(sql`display_ts`, "desc")
    .orderBy(sql`id`, "desc")
    .limit(limit)
    .offset(offset);
}

/** The tag and its children present in the list's scope (one creator's, or every memo), or null when too many. */
async function tagAndChildren(db: Db, engine: Engine, tag: string, creatorId: number | undefined): Promise<string[] | null> {
  // Children sort between `tag/` and `tag0`, '0' being the character after '/'.
  const found = await tagsBetween(engine, `${tag}/`, `${tag}0`, creatorId, MOST_CHILD_TAGS).execute(db);
  return found.rows.length > MOST_CHILD_TAGS ? null : [tag, ...found.rows.map((row) => row.tag)];
}

/** How many of the newest memos in scope a search looks at before it turns to the full-text index. */
export const SEARCH_WINDOW = 2000;
/**
 * A text with at most this many matches in the instance is rare: its page is read from them. Finding out reads at
 * most one more, so a common word pays little for the question.
 */
export const RARE_TEXT_MATCHES = 100;

/**
 * A page of a text search, in steps whose cost does not grow with the collection for rare and for common words:
 * 1. the text's matches in the instance, read up to RARE_TEXT_MATCHES + 1 (rareTextProbe: SQLite reads its
 *    full-text index; PostgreSQL what its planner prefers, the trigram index for a text it judges rare, the table
 *    for a common one, where a hundred matches come soon): a rare text's page is its few matches, looked up by id
 *    and ordered;
 * 2. the newest SEARCH_WINDOW memos in scope (an index walk), checked row by row and stopping at a page of
 *    matches: a common word fills its page after about page / frequency rows (one memo in 66 is enough);
 * 3. otherwise the word's matches in scope are fewer than a page in SEARCH_WINDOW: they are found through the
 *    full-text index (SQLite's FTS5 trigram table; PostgreSQL's trigram or characters index) and only those are
 *    ordered.
 * A word between (more than RARE_TEXT_MATCHES in the instance, fewer than one in 66 of the newest memos in scope)
 * costs the window and its matches: that grows with the collection (see docs/architecture.md). The answer is the
 * same as a scan of every memo (a test compares them). Offset pages skip the window. A regular expression takes
 * steps 2 and 3 (3 reads every memo in scope, under the search budget).
 */
async function searchWalk(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  if (!filter.regex) {
    const found = await db.executeQuery(rareTextProbe(db, engine, filter.text!, RARE_TEXT_MATCHES));
    if (found.rows.length <= RARE_TEXT_MATCHES) {
      const textCandidates = [...new Set(found.rows.map((row) => row.id))];
      return (await walk(db, engine, { ...filter, textCandidates }, after, limit, offset).execute()) as MemoListRow[];
    }
  }
  if (offset === 0) {
    const rows = (await searchWindow(db, engine, filter, after, limit, SEARCH_WINDOW).execute()) as MemoListRow[];
    if (rows.length === limit) return rows;
  }
  return (await walk(db, engine, { ...filter, textByIndex: true }, after, limit, offset).execute()) as MemoListRow[];
}

/** The first `limit` matches among the newest `size` memos in scope, checked row by row. */
function searchWindow(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, size: number) {
  const newest = walk(db, engine, { ...filter, text: undefined, regex: undefined }, after, size, 0);
  return db
    .selectFrom(newest.as("w"))
    .selectAll("w")
    .where(textCondition(engine, filter.text!, filter.regex ?? false, "w.content"))
    .orderBy("w.display_ts", "desc")
    .orderBy("w.id", "desc")
    .limit(limit);
}

/** The SQL of a search page's steps (for plan tests and the bench). */
export function searchSql(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage) {
  return {
    candidates: rareTextProbe(db, engine, filter.text!, RARE_TEXT_MATCHES),
    /** A rare text's page, from its candidates (three ids here). */
    rare: walk(db, engine, { ...filter, textCandidates: [1, 2, 3] }, page.after, page.limit, page.offset).compile(),
    window: searchWindow(db, engine, filter, page.after, page.limit, SEARCH_WINDOW).compile(),
    byIndex: walk(db, engine, { ...filter, textByIndex: true }, page.after, page.limit, page.offset).compile(),
  };
}

/** The SQL that finds a tag's children in the list's scope (for plan tests). */
export const childTagsSql = (db: Db, engine: Engine, tag: string, creatorId: number | undefined) =>
  tagsBetween(engine, `${tag}/`, `${tag}0`, creatorId, MOST_CHILD_TAGS).compile(db);

/**
 * Rows of the walk: through the two-step search when the filter holds text, through the tag's entries for a tag,
 * else the index walk in display order.
 */
async function walkRows(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  if (filter.text) return searchWalk(db, engine, filter, after, limit, offset);
  return (await listQuery(db, engine, filter, after, limit, offset)).execute() as Promise<MemoListRow[]>;
}

/** The query of a page without text: the walk of a tag's entries, or of the memos in display order. */
async function listQuery(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  const tags = filter.tag === undefined ? null : await tagAndChildren(db, engine, filter.tag, filter.creatorId);
  return tags === null ? walk(db, engine, filter, after, limit, offset) : taggedPage(db, engine, filter, tags, after, limit, offset);
}

/**
 * The creator's pinned memos that match, found through their pins in memo_organizer (by its user index, then
 * the memo's primary key): a handful, so they are fetched whole and ordered by the caller, with no ORDER BY
 * and no temporary sort in the database. Without a creator (not a list the app runs) every pin is considered.
 */
function pinnedGroup(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined) {
  const creatorId = filter.creatorId;
  let query = applyFilter(baseQuery(db), engine, { ...filter, pinned: creatorId === undefined ? true : undefined });
  if (creatorId !== undefined) {
    const pins = db.selectFrom("memo_organizer").select("memo_id").where("user_id", "=", creatorId).where("pinned", "=", 1);
    query = query.where("m.id", "in", pins);
  }
  return query
    .$if(after !== undefined, (q) => q.where(afterCondition(after!)))
    .selectAll("m")
    .select(sql<number>`1`.as("pinned"));
}

/** List order within a group: display_ts, then id, both descending. */
const byDisplayOrder = (a: MemoListRow, b: MemoListRow): number => Number(b.display_ts) - Number(a.display_ts) || b.id - a.id;

/** The SQL of the queries a list page without text runs (for plan tests and the bench): the pinned group, then the walk. */
export async function listMemosSql(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage) {
  const { pinned, ...rest } = filter;
  const walked = await listQuery(db, engine, page.pinnedFirst ? { ...rest, pinned: false } : filter, page.after, page.limit, page.offset);
  return { pinned: pinnedGroup(db, engine, rest, undefined).compile(), walk: walked.compile() };
}

/**
 * A page of memos. Explore reads one index walk. A pinned-first list reads the pinned group (small, by the
 * creator's pins) and then walks the unpinned memos in index order from where the pinned group left the page:
 * the same order as `ORDER BY pinned DESC, display_ts DESC, id DESC`, without sorting the collection.
 */
export async function listMemos(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage): Promise<MemoListRow[]> {
  if (!page.pinnedFirst) return walkRows(db, engine, filter, page.after, page.limit, page.offset);
  const { pinned, ...rest } = filter;
  const withPinned = pinned !== false && page.after?.pinned !== 0;
  const withUnpinned = pinned !== true;
  let rows: MemoListRow[] = [];
  let pinnedCount = 0;
  if (withPinned) {
    const pinnedAfter = page.after?.pinned === 1 ? page.after : undefined;
    const group = (await pinnedGroup(db, engine, rest, pinnedAfter).execute()) as MemoListRow[];
    group.sort(byDisplayOrder);
    rows = group.slice(page.offset, page.offset + page.limit);
    pinnedCount = group.length;
  }
  const remaining = page.limit - rows.length;
  if (!withUnpinned || remaining === 0) return rows;
  const unpinnedAfter = page.after?.pinned === 0 ? page.after : undefined;
  const offset = Math.max(0, page.offset - pinnedCount);
  const unpinned = await walkRows(db, engine, { ...rest, pinned: false }, unpinnedAfter, remaining, offset);
  return [...rows, ...unpinned];
}

/**
 * The display times of matching memos (the heat map). Without `fromTs`: every one, newest created first (the
 * v0 answer). With it: those at or after it, newest displayed first, read from the display-time index.
 */
export async function listDisplayTimes(db: Db, engine: Engine, filter: MemoFilter): Promise<number[]> {
  const rows = await displayTimesQuery(db, engine, filter).execute();
  return rows.map((row) => Number(row.display_ts));
}

function displayTimesQuery(db: Db, engine: Engine, filter: MemoFilter) {
  const query = applyFilter(baseQuery(db), engine, filter).select(DISPLAY_TS.as("display_ts"));
  return filter.fromTs === undefined
    ? query.orderBy("m.created_ts", "desc").orderBy("m.id", "desc")
    : query.orderBy(DISPLAY_TS, "desc").orderBy("m.id", "desc");
}

/** The SQL of the heat-map query (for plan tests and the bench). */
export const displayTimesSql = (db: Db, engine: Engine, filter: MemoFilter) => displayTimesQuery(db, engine, filter).compile();

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
  const row = await baseQuery(db)
    .selectAll("m")
    .select(PINNED.as("pinned"))
    .where("m.id", "=", id)
    .executeTakeFirst();
  return row as MemoListRow | undefined;
}

export interface NewMemo {
  creator_id: number;
  /** The access token the memo is written with, if any. */
  access_token_id?: number | null;
  content: string;
  visibility: Visibility;
  created_ts?: number;
}

export async function insertMemo(db: Db, memo: NewMemo): Promise<number> {
  const createdTs = memo.created_ts ?? nowSeconds();
  // A new memo's created and updated times are equal, so either display option gives created_ts.
  const row = await db
    .insertInto("memo")
    .values({ ...memo, created_ts: createdTs, updated_ts: createdTs, display_ts: createdTs })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MemoUpdate {
  content?: string;
  visibility?: Visibility;
  row_status?: RowStatus;
  created_ts?: number;
}

/** Updates the memo; with `expectedUpdatedTs`, only while its updated_ts is still that. Whether a row was updated. */
export async function updateMemo(db: Db, id: number, update: MemoUpdate, expectedUpdatedTs?: number): Promise<boolean> {
  const now = nowSeconds();
  const createdTs = update.created_ts === undefined ? sql.ref("created_ts") : sql.val(update.created_ts);
  const result = await db
    .updateTable("memo")
    .set({
      ...update,
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

/** Replaces the extracted tags of a memo. */
export async function replaceMemoTags(db: Db, memoId: number, tags: string[]): Promise<void> {
  await db.deleteFrom("memo_tag").where("memo_id", "=", memoId).execute();
  if (tags.length > 0) {
    await db.insertInto("memo_tag").values(tags.map((tag) => ({ memo_id: memoId, tag }))).execute();
  }
}

/** Removes the memo with its pins, resource links and tags. Run inside a transaction. */
export async function deleteMemoCascade(db: Db, id: number): Promise<void> {
  await db.deleteFrom("memo_resource").where("memo_id", "=", id).execute();
  await db.deleteFrom("memo_organizer").where("memo_id", "=", id).execute();
  await db.deleteFrom("memo_tag").where("memo_id", "=", id).execute();
  await db.deleteFrom("memo").where("id", "=", id).execute();
}

export async function upsertOrganizer(db: Db, memoId: number, userId: number, pinned: boolean): Promise<void> {
  await db
    .insertInto("memo_organizer")
    .values({ memo_id: memoId, user_id: userId, pinned: pinned ? 1 : 0 })
    .onConflict((oc) => oc.columns(["memo_id", "user_id"]).doUpdateSet({ pinned: pinned ? 1 : 0 }))
    .execute();
}

/** Tags found in a user's NORMAL memos (for suggestions), from the maintained per-tag counts. */
export async function listMemoTagsOfCreator(db: Db, creatorId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("memo_tag_count")
    .select("tag")
    .where("creator_id", "=", creatorId)
    .where("n", ">", 0)
    .orderBy("tag")
    .execute();
  return rows.map((row) => row.tag);
}

/** A user's tags with how many of their NORMAL memos carry each, from the maintained per-tag counts. */
export async function countMemoTagsOfCreator(db: Db, creatorId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom("memo_tag_count").select(["tag", "n"]).where("creator_id", "=", creatorId).where("n", ">", 0).execute();
  return new Map(rows.map((row) => [row.tag, Number(row.n)]));
}

/** The visibility facts of several memos in one query (for resource read checks). */
export function findMemoFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("memo").select(["id", "creator_id", "visibility", "row_status"]).where("id", "in", ids).execute();
}
