// Reads a keyset-paged list to its end: each page asks for the items after the previous page's cursor, until a
// page comes without one (the last). For lists that must be shown whole, such as one day of the daily review.

export interface Page<T> {
  memos: T[];
  nextCursor?: string;
}

/**
 * Every item of a paged list, in the server's order.
 * @example await allPages((cursor) => memoPage("memo.list", { ...params, limit: 1000, cursor })) // all 1,360 memos
 */
export async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.memos);
    cursor = page.nextCursor;
    // A cursor seen before would loop forever (a server bug); stop with what was read.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}
