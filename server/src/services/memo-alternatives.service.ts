// A page of the memos that match any of several filters (a v1 filter's alternatives: `a || b`), within what the
// caller may list. Each alternative, in each scope the caller may read, is one walk of the store's own (an index
// in display order, a tag's entries, a search's steps), asked for one memo more than the page; the walks are merged.
import type { Memo, MemoListOrder, RowStatus, Visibility } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { listableScopes, type MemoScope } from "../policies/memo.policy.js";
import type { Db } from "../store/db.js";
import {
  type MemoFilter,
  type MemoListRow,
  type MemoPosition,
  newestFirstBy,
  listMemos as selectMemos,
} from "../store/sql/memo/memo.store.js";
import { composeMemos } from "./memo-compose.js";

/** What one alternative asks of a memo, whoever lists it (the caller's scope is added here). */
export type MemoAlternative = Pick<MemoFilter, "creatorId" | "visibilities" | "pinned" | "tag" | "text" | "terms" | "conditions">;

export interface AlternativesPage {
  rowStatus: RowStatus;
  /** None: nothing matches. One without fields: everything the caller may list. */
  alternatives: readonly MemoAlternative[];
  limit: number;
  /** Keyset paging: the page starts after this memo in list order. */
  after?: MemoPosition;
  /** The creators' pinned memos first (each walk's pinned group, then its unpinned memos). */
  pinnedFirst?: boolean;
  /** Oldest first (each walk reads its index the other way); not with a text search, whose steps read newest first. */
  ascending?: boolean;
  /** The time the list runs by (display time when left out). */
  order?: MemoListOrder;
}

/** The alternative within the scope, or null when the two cannot meet (no visibility in common). */
function scoped(alternative: MemoAlternative, scope: MemoScope): MemoFilter | null {
  const visibilities = intersect(scope.visibilities, alternative.visibilities);
  if (visibilities?.length === 0) return null;
  return { ...alternative, creatorId: scope.creatorId, visibilities, rowStatus: scope.rowStatus };
}

function intersect(a: readonly Visibility[] | undefined, b: readonly Visibility[] | undefined): Visibility[] | undefined {
  if (a === undefined) return b && [...b];
  if (b === undefined) return [...a];
  return a.filter((visibility) => b.includes(visibility));
}

/** Each alternative within each scope the caller may list: the store filters a page walks (and plan tests explain). */
export function scopedFilters(viewer: Viewer, rowStatus: RowStatus, alternatives: readonly MemoAlternative[]): MemoFilter[] {
  return alternatives.flatMap((alternative) =>
    listableScopes(viewer, rowStatus, alternative.creatorId)
      .map((scope) => scoped(alternative, scope))
      .filter((filter): filter is MemoFilter => filter !== null),
  );
}

/** A filter no index serves alone reads memos one by one: as a search does, under the budget and in the caller's turn. */
const readsRowByRow = (filter: MemoFilter) => Boolean(filter.text) || (filter.conditions?.length ?? 0) > 0;

/** The merge's order: pinned first or not, then the list's time order either way. */
function listOrder(pinnedFirst: boolean, ascending: boolean, order: MemoListOrder) {
  const newestFirst = newestFirstBy(order);
  const byTime = ascending ? (a: MemoListRow, b: MemoListRow) => newestFirst(b, a) : newestFirst;
  return pinnedFirst ? (a: MemoListRow, b: MemoListRow) => b.pinned - a.pinned || byTime(a, b) : byTime;
}

/**
 * The page: every walk's first `limit + 1` memos after the cursor, merged (a memo two alternatives match is one),
 * newest first or oldest first (pinned ones before the rest with `pinnedFirst`: each walk gives its pinned group first). Each memo of the page is among the first `limit + 1` of a walk that finds it, so the page is exact;
 * `more` says whether a next one exists.
 * `caller` names who asks, for the turns of searches (http/request-context.ts, callerOf).
 */
export async function listMemosMatchingAny(
  ctx: AppContext,
  viewer: Viewer,
  input: AlternativesPage,
  caller: string,
): Promise<{ memos: Memo[]; more: boolean }> {
  const { store } = ctx;
  const filters = scopedFilters(viewer, input.rowStatus, input.alternatives);
  const pinnedFirst = input.pinnedFirst === true;
  const ascending = input.ascending === true;
  const order = input.order ?? "display";
  const page = { pinnedFirst, ascending, order, limit: input.limit + 1, offset: 0, after: input.after };
  const read = async (db: Db) => {
    const rows: MemoListRow[] = [];
    for (const filter of filters) rows.push(...(await selectMemos(db, store.engine, filter, page)));
    return rows;
  };
  const rows = filters.some(readsRowByRow) ? await store.searchTurns.run(caller, () => read(store.searchDb)) : await read(store.db);
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()].sort(listOrder(pinnedFirst, ascending, order));
  return { memos: await composeMemos(store.db, unique.slice(0, input.limit)), more: unique.length > input.limit };
}
