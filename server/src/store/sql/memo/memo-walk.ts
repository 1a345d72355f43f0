// The walks that read a page of memos in display order (display_ts, id descending; or ascending, oldest first, the
// same indexes walked the other way) from an index, never sorting the collection: the memos in scope (a display
// index), or a tag's memo_tag entries and its children's, merged. In updated order (`time` "updated") the same walks
// read updated_ts instead, from the twin indexes of migration 050.
import type { MemoListOrder, Visibility } from "@memos/common";
import { type RawBuilder, sql } from "kysely";
import type { Db, Engine } from "../../db.js";
import {
  applyFilter,
  baseQuery,
  creatorPin,
  DISPLAY_TS,
  type MemoFilter,
  tagEntries,
  tagEntriesQuery,
  tagsBetween,
} from "./memo-filter.js";
import { type MemoPosition, orderColumn } from "./memo-page.js";

export const PINNED = sql<number>`COALESCE(o.pinned, 0)`;

/** Which way a walk reads display order: newest first (every list's), or oldest first (v1's `create_time asc`). */
export type WalkDirection = "desc" | "asc";

/** The time column of table `m` (a memo) or `t` (a memo_tag entry) a walk in `time` order reads. */
export const orderTs = (time: MemoListOrder | undefined, table: "m" | "t" = "m") =>
  sql<number>`${sql.raw(`${table}.${orderColumn(time)}`)}`;

/** Rows after `position` in (time, id) order, descending or ascending; the time bound is an index range. */
export const afterCondition = (position: MemoPosition, ts = DISPLAY_TS, id = sql<number>`m.id`, direction: WalkDirection = "desc") =>
  direction === "desc"
    ? sql<boolean>`${ts} <= ${position.ts} AND (${ts} < ${position.ts} OR ${id} < ${position.id})`
    : sql<boolean>`${ts} >= ${position.ts} AND (${ts} > ${position.ts} OR ${id} > ${position.id})`;

export const pinColumn = (filter: MemoFilter) => (filter.pinned === undefined ? PINNED : sql<number>`${filter.pinned ? 1 : 0}`);

/**
 * Matching memos in index order (display_ts, id descending): read from an index walk, never sorted. Without
 * `filter.pinned` the creator's pin is read per row; with it the pin is known and memo_organizer is not joined.
 */
export function walk(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  const arms = visibilityArms(engine, filter);
  if (arms === null) return indexWalk(db, engine, filter, after, limit, offset, true, direction, time);
  // The same rows as one walk's: typed as one, for the queries built on it.
  return mergedRows(db, engine, filter, arms, after, limit, offset, direction, time) as unknown as ReturnType<typeof indexWalk>;
}

/**
 * SQLite: a creator's memos of two visibilities (a member's view of a user: public and protected) are the merge of
 * each visibility's walk of migration 024's index, which reads only the memos in scope: a walk of the creator's
 * memos checking each one's visibility read every private memo on the way (all of a user's who keeps nearly
 * everything private). PostgreSQL has an index of the two together (023); a rare text's few ids are looked up.
 */
function visibilityArms(engine: Engine, filter: MemoFilter): Visibility[] | null {
  if (engine !== "sqlite" || filter.creatorId === undefined || filter.textCandidates !== undefined) return null;
  const visibilities = [...new Set(filter.visibilities ?? [])];
  return visibilities.length === 2 ? visibilities : null;
}

/**
 * The merge of one walk per visibility: each walk reads the keys (display time, id) of its index range, the keys
 * are merged in display order, and only the page's memos are read, by primary key (sorting the walks' whole rows
 * to merge them cost more than the private memos they spared).
 */
function mergedRows(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  arms: Visibility[],
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  const ts = orderTs(time);
  // Arms without an order or a limit of their own: SQLite then walks each in the compound's order and merges them
  // as they come, stopping at the page (a limit per arm had it sort each arm's keys first, all of them).
  const [first, second] = arms.map((visibility) =>
    applyFilter(baseQuery(db), engine, { ...filter, visibilities: [visibility] })
      .$if(after !== undefined, (query) => query.where(afterCondition(after!, ts, undefined, direction)))
      .select([ts.as("key_ts"), sql<number>`m.id`.as("key_id")]),
  );
  const page = first!.unionAll(second!).orderBy(sql`key_ts`, direction).orderBy(sql`key_id`, direction).limit(limit).offset(offset);
  return db
    .selectFrom(page.as("k"))
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", creatorPin)
    .whereRef("m.id", "=", "k.key_id")
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"))
    .orderBy(sql`k.key_ts`, direction)
    .orderBy(sql`k.key_id`, direction);
}

/**
 * The first `limit` memos among the newest `size` in scope that meet `condition` (a search's window), in display
 * order; the creator's pin is read for those only (joined per row, it was a fifth of a PostgreSQL window's time).
 * A merged walk takes the condition itself, so that SQLite stops it at `limit` rather than reading all `size`.
 */
export function firstMeeting(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  condition: (column: "m.content" | "w.content") => RawBuilder<boolean>,
  after: MemoPosition | undefined,
  limit: number,
  size: number,
  time: MemoListOrder = "display",
) {
  const arms = visibilityArms(engine, filter);
  if (arms !== null)
    return mergedRows(db, engine, filter, arms, after, size, 0, "desc", time)
      .where(condition("m.content"))
      .limit(limit) as unknown as ReturnType<typeof indexWalk>;
  const newest = indexWalk(db, engine, filter, after, size, 0, false, "desc", time);
  const rows = db
    .selectFrom(newest.as("w"))
    .leftJoin("memo_organizer as o", (join) => join.onRef("o.memo_id", "=", "w.id").onRef("o.user_id", "=", "w.creator_id"))
    .selectAll("w")
    .select(pinColumn(filter).as("pinned"))
    .where(condition("w.content"))
    .orderBy(`w.${orderColumn(time)}`, "desc")
    .orderBy("w.id", "desc")
    .limit(limit);
  return rows as unknown as ReturnType<typeof indexWalk>;
}

/**
 * One walk of an index in display order (see walk). Without `pins` the pin is left out (and both planners the
 * join): for rows that are checked further before a few of them are kept.
 */
function indexWalk(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  pins: boolean,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  // A rare text's few memos are looked up by id and sorted. SQLite would rather walk a display index in order and
  // test every row against the ids (all memos in scope at worst): `+` keeps the order off the index.
  const byIds = filter.textCandidates !== undefined && engine === "sqlite";
  const ts = orderTs(time);
  return applyFilter(baseQuery(db), engine, filter)
    .$if(after !== undefined, (query) => query.where(afterCondition(after!, ts, undefined, direction)))
    .selectAll("m")
    .$if(pins, (query) => query.select(pinColumn(filter).as("pinned")))
    .orderBy(byIds ? sql`+${ts}` : ts, direction)
    .orderBy(byIds ? sql`+m.id` : "m.id", direction)
    .limit(limit)
    .offset(offset);
}

/**
 * The walk of one tag's memo_tag entries in display order (index idx_memo_tag_creator_display for a creator's
 * list, idx_memo_tag_display otherwise), each memo looked up by primary key and checked against the rest of the
 * filter: the first `count` that match.
 */
function tagEntryWalk(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  tag: string,
  after: MemoPosition | undefined,
  count: number,
  direction: WalkDirection,
  time: MemoListOrder,
) {
  const ts = orderTs(time, "t");
  const id = sql<number>`t.memo_id`;
  // The entries' creator is the memo's: checked once, on the index (the planners would count it twice).
  return applyFilter(tagEntriesQuery(db), engine, { ...filter, creatorId: undefined, tagByEntries: true })
    .where(tagEntries(engine, tag, filter.creatorId))
    .$if(after !== undefined, (query) => query.where(afterCondition(after!, ts, id, direction)))
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"))
    .orderBy(ts, direction)
    .orderBy(id, direction)
    .limit(count);
}

/** A tag with more children than this is walked in display order, checking each memo's tags. */
const MOST_CHILD_TAGS = 32;

/**
 * A page of a tag's list: the walk of each tag's entries, the tag's and each child's (`work`, `work/project`), the
 * first `limit + offset` of each, merged. A memo under two of the tags comes out of both walks as the same row, and
 * the union keeps one: every memo of the page is among the first `limit + offset` of a walk it belongs to.
 */
function taggedPage(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  tags: readonly string[],
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  direction: WalkDirection,
  time: MemoListOrder,
) {
  const [first, ...rest] = tags.map((tag) =>
    db.selectFrom(tagEntryWalk(db, engine, filter, tag, after, limit + offset, direction, time).as("w")).selectAll("w"),
  );
  if (rest.length === 0) return tagEntryWalk(db, engine, filter, tags[0]!, after, limit, direction, time).offset(offset);
  return rest
    .reduce((all, each) => all.union(each), first!)
    .orderBy(sql.ref(orderColumn(time)), direction)
    .orderBy(sql`id`, direction)
    .limit(limit)
    .offset(offset);
}

/** The tag and its children present in the list's scope (one creator's, or every memo), or null when too many. */
async function tagAndChildren(db: Db, engine: Engine, tag: string, creatorId: number | undefined): Promise<string[] | null> {
  // Children sort between `tag/` and `tag0`, '0' being the character after '/'.
  const found = await tagsBetween(engine, `${tag}/`, `${tag}0`, creatorId, MOST_CHILD_TAGS).execute(db);
  return found.rows.length > MOST_CHILD_TAGS ? null : [tag, ...found.rows.map((row) => row.tag)];
}

/** The query of a page without text: the walk of a tag's entries, or of the memos in display order. */
export async function listQuery(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  direction: WalkDirection = "desc",
  time: MemoListOrder = "display",
) {
  const tags = filter.tag === undefined ? null : await tagAndChildren(db, engine, filter.tag, filter.creatorId);
  return tags === null
    ? walk(db, engine, filter, after, limit, offset, direction, time)
    : taggedPage(db, engine, filter, tags, after, limit, offset, direction, time);
}

/** The SQL that finds a tag's children in the list's scope (for plan tests). */
export const childTagsSql = (db: Db, engine: Engine, tag: string, creatorId: number | undefined) =>
  tagsBetween(engine, `${tag}/`, `${tag}0`, creatorId, MOST_CHILD_TAGS).compile(db);
