// Reading a long list a page at a time, giving the event loop a turn between pages: a list of 100,000 entries (an
// account's memo times) is read and built in slices no longer than one page's, so other requests are served
// meanwhile.
import { setImmediate } from "node:timers/promises";

export interface Page<T, C> {
  rows: T[];
  /** Where the next page starts; none after the last. */
  next?: C;
}

/**
 * Every row of the pages `readPage` answers, in order, from the first (no cursor) to the one without a next cursor;
 * the event loop runs other work between pages.
 * @example await readInPages((cursor) => listPage(db, cursor))
 */
export async function readInPages<T, C>(readPage: (cursor: C | undefined) => Promise<Page<T, C>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: C | undefined;
  for (;;) {
    const page = await readPage(cursor);
    for (const row of page.rows) rows.push(row);
    if (page.next === undefined) return rows;
    cursor = page.next;
    await setImmediate();
  }
}
