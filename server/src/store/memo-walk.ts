// The walks that read a page of memos in display order (display_ts, id descending) from an index, never sorting the
// collection: the memos in scope (a display index), or a tag's memo_tag entries and its children's, merged.
import { sql } from "kysely";
import type { Db, Engine } from "./db.js";
import { applyFilter, baseQuery, DISPLAY_TS, type MemoFilter, tagEntries, tagEntriesQuery, tagsBetween } from "./memo-filter.js";
import type { Visibility } from "@memos/common";
import type { MemoPosition } from "./memo.store.js";

export const PINNED = sql<number>`COALESCE(o.pinned, 0)`;

/** Rows after `position` in (display_ts, id) descending order; the display_ts bound is an index range. */
export const afterCondition = (position: MemoPosition, ts = DISPLAY_TS, id = sql<number>`m.id`) =>
  sql<boolean>`${ts} <= ${position.displayTs} AND (${ts} < ${position.displayTs} OR ${id} < ${position.id})`;

export const pinColumn = (filter: MemoFilter) => (filter.pinned === undefined ? PINNED : sql<number>`${filter.pinned ? 1 : 0}`);

/**
 * Matching memos in index order (display_ts, id descending): read from an index walk, never sorted. Without
 * `filter.pinned` the creator's pin is read per row; with it the pin is known and memo_organizer is not joined.
 * `pins: false` leaves the pin out (and both planners the join): for rows that are checked further before a few
 * of them are kept (a search's window).
 */
export function walk(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number, pins = true) {
  const arms = visibilityArms(engine, filter);
  return arms === null ? indexWalk(db, engine, filter, after, limit, offset, pins) : mergedWalk(db, engine, filter, arms, after, limit, offset, pins);
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
function mergedWalk(db: Db, engine: Engine, filter: MemoFilter, arms: Visibility[], after: MemoPosition | undefined, limit: number, offset: number, pins: boolean) {
  const [first, second] = arms.map((visibility) => {
    const keys = applyFilter(baseQuery(db), engine, { ...filter, visibilities: [visibility] })
      .$if(after !== undefined, (query) => query.where(afterCondition(after!)))
      .select(["m.id", "m.display_ts"])
      .orderBy(DISPLAY_TS, "desc")
      .orderBy("m.id", "desc")
      .limit(limit + offset);
    return db.selectFrom(keys.as("w")).selectAll("w");
  });
  const page = first!.unionAll(second!).orderBy(sql`display_ts`, "desc").orderBy(sql`id`, "desc").limit(limit).offset(offset);
  const rows = db
    .selectFrom(page.as("k"))
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", (join) => join.onRef("o.memo_id", "=", "m.id").onRef("o.user_id", "=", "m.creator_id"))
    .whereRef("m.id", "=", "k.id")
    .selectAll("m")
    .$if(pins, (query) => query.select(pinColumn(filter).as("pinned")))
    .orderBy(sql`k.display_ts`, "desc")
    .orderBy(sql`k.id`, "desc");
  // The same rows as one walk's: typed as one, for the queries built on it.
  return rows as unknown as ReturnType<typeof indexWalk>;
}

/** One walk of an index in display order (see walk). */
function indexWalk(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number, pins: boolean) {
  // A rare text's few memos are looked up by id and sorted. SQLite would rather walk a display index in order and
  // test every row against the ids (all memos in scope at worst): `+` keeps the order off the index.
  const byIds = filter.textCandidates !== undefined && engine === "sqlite";
  return applyFilter(baseQuery(db), engine, filter)
    .$if(after !== undefined, (query) => query.where(afterCondition(after!)))
    .selectAll("m")
    .$if(pins, (query) => query.select(pinColumn(filter).as("pinned")))
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

/** The query of a page without text: the walk of a tag's entries, or of the memos in display order. */
export async function listQuery(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  const tags = filter.tag === undefined ? null : await tagAndChildren(db, engine, filter.tag, filter.creatorId);
  return tags === null ? walk(db, engine, filter, after, limit, offset) : taggedPage(db, engine, filter, tags, after, limit, offset);
}

/** The SQL that finds a tag's children in the list's scope (for plan tests). */
export const childTagsSql = (db: Db, engine: Engine, tag: string, creatorId: number | undefined) =>
  tagsBetween(engine, `${tag}/`, `${tag}0`, creatorId, MOST_CHILD_TAGS).compile(db);
