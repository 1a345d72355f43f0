// A page of a text search (see searchWalk): whether the text is rare, the window of the newest memos in scope,
// the text index.
import type { MemoListOrder } from "@memos/common";
import { type RawBuilder, sql } from "kysely";
import type { Db, Engine } from "../../db.js";
import { bucketAfter, ftsBucket, fullTextCandidates } from "./fulltext.js";
import { applyFilter, cteMemosQuery, fullTextEntriesQuery, type MemoFilter, pgTextProbe, rowTextCondition } from "./memo-filter.js";
import { type MemoListRow, type MemoPage, type MemoPosition, newestFirstBy, rowTime } from "./memo-page.js";
import { afterCondition, firstMeeting, orderTs, pinColumn, walk } from "./memo-walk.js";

/** How many of the newest memos in scope a search looks at before it turns to the full-text index. */
export const SEARCH_WINDOW = 2000;
/**
 * A text with at most this many matches in the instance is rare: its page is read from them. Finding out reads at
 * most one more, so a common word pays little for the question.
 */
export const RARE_TEXT_MATCHES = 100;

/**
 * A text found in the window but too seldom to fill the page is looked for further down the same walk, when at the
 * window's rate the page would fill within this many more rows: a walk at a known rate is bounded, where
 * PostgreSQL's planner picks between its indexes on estimates that miss by ×100 for such texts, and SQLite's
 * full-text walk reads the whole instance's matches for a creator's list (the creator may have few of them).
 */
const SEARCH_EXTENSION = 8 * SEARCH_WINDOW;

/**
 * PostgreSQL: the newest memos in scope a search glances at before it asks whether the text is rare. Its "rare?"
 * question reads the text's matches through the table or the trigram index, and for a text between rare and
 * common (a phrase on 1 memo in 100) reads about 10,000 memos to find 101 (16 ms at 1M), more than the walk that
 * finds the page. A match among the newest says the walk will do; none, that the question is worth its price.
 */
const SEARCH_GLANCE = 300;

/**
 * A page of a text search, in steps whose cost does not grow with the collection for rare and for common words:
 * 0. PostgreSQL: the newest SEARCH_GLANCE memos in scope, checked row by row (searchWindow); a match there skips
 *    step 1;
 * 1. the text's matches in the instance, read up to RARE_TEXT_MATCHES + 1 (SQLite reads its full-text index,
 *    fullTextCandidates; PostgreSQL what its planner prefers, pgTextProbe: the trigram index for a text it judges rare,
 *    the table for a common one, where a hundred matches come soon): a rare text's page is its few matches, checked
 *    and ordered (rareTextPage);
 * 2. the newest SEARCH_WINDOW memos in scope (an index walk), checked row by row and stopping at a page of
 *    matches: a common word fills its page after about page / frequency rows (one memo in 66 is enough). Each
 *    later step starts after the last match found, for the rest of the page;
 * 3. a text found so far at a rate that fills the page within SEARCH_EXTENSION more rows is looked for along the
 *    same walk, as far as twice the rows that rate needs;
 * 4. otherwise the word's matches in scope are fewer than a page in SEARCH_WINDOW: SQLite reads them from its FTS5
 *    trigram table newest first, as many as the page needs (fullTextPage); PostgreSQL finds them all through its
 *    trigram or characters index and orders them.
 * On PostgreSQL a text too rare among the newest memos for step 3 yet with more than RARE_TEXT_MATCHES in the
 * instance costs its matches: that grows with the collection (see docs/architecture.md). The answer is the same as
 * a scan of every memo (a test compares them). Offset pages skip the glance and the window. A regular expression
 * takes steps 2–4 (4 reads every memo in scope, under the search budget).
 * In updated order (`time` "updated") the steps walk the updated-time indexes; SQLite's full-text index keeps its
 * matches in display order, so its step 4 checks every memo in scope row by row as a regular expression's does.
 */
export async function searchWalk(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  time: MemoListOrder = "display",
) {
  const window = (from: MemoPosition | undefined, count: number, size: number) =>
    searchWindow(db, engine, filter, from, count, size, time).execute() as Promise<MemoListRow[]>;
  const positionOf = (row: MemoListRow): MemoPosition => ({ pinned: 0, ts: rowTime(row, time), id: row.id });
  const glances = engine === "postgres" && !filter.regex && offset === 0;
  const glanced = glances ? await window(after, limit, SEARCH_GLANCE) : [];
  if (glanced.length === limit) return glanced;
  if (!filter.regex && glanced.length === 0) {
    const rare = await rareTextPage(db, engine, filter, after, limit, offset, time);
    if (rare !== null) return rare;
  }
  if (offset > 0) return byIndex(db, engine, filter, after, limit, offset, time);
  const from = glanced.length > 0 ? positionOf(glanced.at(-1)!) : after;
  const rows = [...glanced, ...(await window(from, limit - glanced.length, SEARCH_WINDOW))];
  if (rows.length === limit) return rows;
  const walked = glanced.length > 0 ? SEARCH_GLANCE + SEARCH_WINDOW : SEARCH_WINDOW;
  if (rows.length > 0) {
    // Step 3: the rest of the page from the rows that follow, when the rate so far says they are near.
    const rowsNeeded = Math.ceil((walked * (limit - rows.length)) / rows.length);
    if (2 * rowsNeeded <= SEARCH_EXTENSION) rows.push(...(await window(positionOf(rows.at(-1)!), limit - rows.length, 2 * rowsNeeded)));
  }
  if (rows.length === limit) return rows;
  const last = rows.at(-1);
  return [...rows, ...(await byIndex(db, engine, filter, last ? positionOf(last) : after, limit - rows.length, 0, time))];
}

/**
 * Step 1: the page of a rare text, from its few matches in the instance; null for a text with more than
 * RARE_TEXT_MATCHES. SQLite reads the matches (its full-text index) and then the page; PostgreSQL does both in one
 * statement, whose page is skipped when the matches are too many: a round trip and a statement less.
 */
async function rareTextPage(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  time: MemoListOrder,
) {
  if (engine === "postgres") {
    const rows = (await pgRareTextPage(db, filter, after, limit, offset, time).execute(db)).rows;
    if (Number(rows[0]!.found) > RARE_TEXT_MATCHES) return null;
    return rows.filter((row) => row.id !== null).map(({ found: _, ...row }) => row as MemoListRow);
  }
  const found = await db.executeQuery(fullTextCandidates(filter.text!, RARE_TEXT_MATCHES, filter.terms).compile(db));
  if (found.rows.length > RARE_TEXT_MATCHES) return null;
  const textCandidates = [...new Set(found.rows.map((row) => row.id))];
  return (await walk(db, engine, { ...filter, textCandidates }, after, limit, offset, "desc", time).execute()) as MemoListRow[];
}

/**
 * PostgreSQL's step 1: how many matches the probe found (one row at least), and when they are few, the page, read
 * from the probe's own rows: the matches are read whole as they are found, so the page needs no second lookup of
 * them, and its plan none of the table's indexes (planning a lookup in memo cost as much as running it).
 */
function pgRareTextPage(db: Db, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number, time: MemoListOrder) {
  const ts = orderTs(time);
  const probe = pgTextProbe(db, filter.text!, RARE_TEXT_MATCHES, filter.terms).selectAll("m");
  // The probe's rows hold the text and the terms: the page checks the rest of the filter.
  const page = applyFilter(cteMemosQuery(db, "found"), "postgres", { ...filter, text: undefined, regex: undefined, terms: undefined })
    .$if(after !== undefined, (query) => query.where(afterCondition(after!, ts)))
    .where(sql<boolean>`c.found <= ${RARE_TEXT_MATCHES}`)
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"))
    .orderBy(ts, "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .offset(offset);
  return sql<{ found: number | string } & { [column in keyof MemoListRow]: MemoListRow[column] | null }>`WITH found AS MATERIALIZED ${probe}
    SELECT c.found, p.* FROM (SELECT count(*) AS found FROM found) c LEFT JOIN LATERAL ${page} p ON true`;
}

/**
 * Step 4: the text's matches through the engine's text index. SQLite's holds them in display order: in updated
 * order its memos in scope are checked row by row instead (the walk of the updated-time index, under the budget).
 */
async function byIndex(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  offset: number,
  time: MemoListOrder,
) {
  if (engine === "sqlite" && !filter.regex && time === "display") return fullTextPage(db, filter, after, limit, offset);
  const indexed = engine === "postgres" || filter.regex === true;
  return (await walk(db, engine, { ...filter, textByIndex: indexed }, after, limit, offset, "desc", time).execute()) as MemoListRow[];
}

const newestFirst = newestFirstBy("display");

/**
 * SQLite: the text's matches in scope from the full-text index, newest first by key, until the page's
 * `limit + offset` are found; then the last one's display-time bucket is read whole (the key orders a bucket's
 * memos by id) and what was read is ordered exactly. Reads about a page's matches in scope, however many the
 * instance holds.
 */
async function fullTextPage(db: Db, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
  const below = bucketAfter(after);
  const needed = limit + offset;
  const first = (await fullTextWalk(db, filter, after, undefined, below)
    .orderBy(sql`f.k`, "desc")
    .limit(needed)
    .execute()) as MemoListRow[];
  if (first.length < needed) return first.sort(newestFirst).slice(offset);
  const floor = ftsBucket(first.at(-1)!.display_ts);
  return (await fullTextWalk(db, filter, after, floor, below)
    .orderBy(sql`+m.display_ts`, "desc")
    .orderBy(sql`+m.id`, "desc")
    .limit(limit)
    .offset(offset)
    .execute()) as MemoListRow[];
}

/** The text's matches in scope, of the buckets in [floor, below). */
function fullTextWalk(db: Db, filter: MemoFilter, after: MemoPosition | undefined, floor: number | undefined, below: number | undefined) {
  return applyFilter(fullTextEntriesQuery(db, filter.text!, floor, below, filter.terms), "sqlite", { ...filter, textByIndex: true })
    .$if(after !== undefined, (query) => query.where(afterCondition(after!)))
    .selectAll("m")
    .select(pinColumn(filter).as("pinned"));
}

/**
 * The first `limit` matches among the newest `size` memos in scope, checked row by row: the text and every other
 * term (inside the walk, terms would make it read `size` memos that hold them, not the newest `size`).
 */
function searchWindow(
  db: Db,
  engine: Engine,
  filter: MemoFilter,
  after: MemoPosition | undefined,
  limit: number,
  size: number,
  time: MemoListOrder = "display",
) {
  const matches = (column: "m.content" | "w.content") => {
    const conditions = [
      rowTextCondition(engine, filter.text!, filter.regex ?? false, column),
      ...(filter.terms ?? []).map((term) => rowTextCondition(engine, term, false, column)),
    ];
    return unestimated(engine, conditions.length === 1 ? conditions[0]! : sql<boolean>`(${sql.join(conditions, sql` AND `)})`);
  };
  return firstMeeting(db, engine, { ...filter, text: undefined, regex: undefined, terms: undefined }, matches, after, limit, size, time);
}

/**
 * PostgreSQL estimates how many rows a pattern matches by matching it against its sample of the column's values (a
 * quarter of a window's planning, 0.25 ms at 1M). A window's plan is its walk whatever the estimate, so the
 * condition is given as an expression the planner does not look into.
 */
const unestimated = (engine: Engine, condition: RawBuilder<boolean>) =>
  engine === "postgres" ? sql<boolean>`CASE WHEN ${condition} THEN true END` : condition;

/** The SQL of a search page's steps (for plan tests and the bench). */
export function searchSql(db: Db, engine: Engine, filter: MemoFilter, page: MemoPage) {
  const time = page.order ?? "display";
  const sqliteFullText = engine === "sqlite" && time === "display";
  return {
    /** SQLite: the "rare?" question (the text's candidates in the full-text index). */
    candidates: engine === "sqlite" ? fullTextCandidates(filter.text!, RARE_TEXT_MATCHES, filter.terms).compile(db) : null,
    /** A rare text's page: SQLite looks its candidates up (three ids here); PostgreSQL reads it with the question. */
    rare:
      engine === "sqlite"
        ? walk(db, engine, { ...filter, textCandidates: [1, 2, 3] }, page.after, page.limit, page.offset, "desc", time).compile()
        : pgRareTextPage(db, filter, page.after, page.limit, page.offset, time).compile(db),
    window: searchWindow(db, engine, filter, page.after, page.limit, SEARCH_WINDOW, time).compile(),
    byIndex: sqliteFullText
      ? fullTextWalk(db, filter, page.after, undefined, bucketAfter(page.after))
          .orderBy(sql`f.k`, "desc")
          .limit(page.limit + page.offset)
          .compile()
      : walk(db, engine, { ...filter, textByIndex: engine === "postgres" }, page.after, page.limit, page.offset, "desc", time).compile(),
  };
}
