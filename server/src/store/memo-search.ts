// A page of a text search (see searchWalk): whether the text is rare, the window of the newest memos in scope,
// the text index.
import type { Db, Engine } from "./db.js";
import { type MemoFilter, rareTextProbe, textCondition } from "./memo-filter.js";
import type { MemoListRow, MemoPage, MemoPosition } from "./memo.store.js";
import { walk } from "./memo-walk.js";

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
export async function searchWalk(db: Db, engine: Engine, filter: MemoFilter, after: MemoPosition | undefined, limit: number, offset: number) {
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
