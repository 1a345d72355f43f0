// What accounts wrote, for v1's user stats: in the scope the caller may read of one account (its stats scope) or of
// everyone (explore's shared memos and the caller's own private ones; or the caller's archive), how many memos, how
// many have each property, each tag's count, the pinned ones and every memo's times, newest created first. Read as
// aggregates and narrow columns (store/sql/memo/user-stats.store.ts), never the memos' text.
import type { MemoProperty, RowStatus, Visibility } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { amountScopes, listableScopes, statsScope } from "../policies/memo.policy.js";
import type { Db, Engine } from "../store/db.js";
import {
  countMemoStats,
  countTagStats,
  listMemoTimes,
  listPinnedStats,
  type MemoTimes,
  type StatScope,
  type TimesCursor,
} from "../store/sql/memo/user-stats.store.js";
import { readInPages } from "./paged-read.js";

/**
 * Memo times read at once: an account of 100,000 memos is read in 20 pages, each built into objects between two
 * turns of the event loop (a few milliseconds each), never the whole list in one.
 */
const TIMES_PAGE = 5000;

export interface UserStats {
  total: number;
  /** How many of the memos have each property. */
  properties: Record<MemoProperty, number>;
  tags: Map<string, number>;
  /** The uids of the memos the account pinned, newest created first. */
  pinnedUids: string[];
  /** One per memo, newest created first. */
  times: Array<{ createdTs: number; updatedTs: number }>;
}

const emptyStats = (): UserStats => ({
  total: 0,
  properties: { hasLink: 0, hasTaskList: 0, hasCode: 0, hasIncompleteTasks: 0 },
  tags: new Map(),
  pinnedUids: [],
  times: [],
});

/** The NORMAL memos of `userId` the caller may read. */
export async function userStats(ctx: AppContext, viewer: Viewer, userId: number): Promise<UserStats> {
  return (await statsIn(ctx, [statsScope(viewer, userId)])).get(userId) ?? emptyStats();
}

/**
 * The memos of everyone the caller may read, by creator (only those with one): NORMAL ones (the scopes do not
 * overlap: no memo twice) or, for `ARCHIVED`, the caller's own archive, which no one else may count (a visitor's:
 * none). `visibilities` narrows them (explore's `visibility in [...]`), never widens them.
 */
export async function allUserStats(
  ctx: AppContext,
  viewer: Viewer,
  rowStatus: RowStatus = "NORMAL",
  visibilities?: readonly Visibility[],
): Promise<Map<number, UserStats>> {
  const scopes = (rowStatus === "NORMAL" ? amountScopes(viewer, undefined) : listableScopes(viewer, rowStatus))
    .map((scope) => (visibilities === undefined ? scope : { ...scope, visibilities: narrowed(scope.visibilities, visibilities) }))
    .filter((scope) => scope.visibilities?.length !== 0);
  return statsIn(
    ctx,
    scopes.map((scope) => ({ ...scope, rowStatus: scope.rowStatus ?? rowStatus })),
  );
}

/** A scope's visibilities within those asked (a scope of every visibility: those asked). */
const narrowed = (scope: readonly Visibility[] | undefined, asked: readonly Visibility[]): Visibility[] =>
  scope === undefined ? [...asked] : scope.filter((visibility) => asked.includes(visibility));

const newestCreatedFirst = (a: { createdTs: number }, b: { createdTs: number }) => b.createdTs - a.createdTs;

/** A creator's times in the scope, newest created first, read a page at a time (paged-read.ts). */
function creatorTimes(db: Db, engine: Engine, scope: StatScope, creatorId: number): Promise<MemoTimes[]> {
  return readInPages<MemoTimes, TimesCursor>(async (before) => {
    const page = await listMemoTimes(db, engine, { ...scope, creatorId }, { before, limit: TIMES_PAGE });
    return { rows: page.times, next: page.next };
  });
}

/**
 * Lists each newest created first, merged into one in that order; on a tie, the earlier list's first (what a stable
 * sort of them one after another gives), in one pass.
 */
function mergeNewestFirst(lists: readonly MemoTimes[][]): MemoTimes[] {
  return lists.reduce((merged, list) => {
    const out: MemoTimes[] = [];
    let i = 0;
    let j = 0;
    while (i < merged.length && j < list.length) out.push(merged[i]!.createdTs >= list[j]!.createdTs ? merged[i++]! : list[j++]!);
    while (i < merged.length) out.push(merged[i++]!);
    while (j < list.length) out.push(list[j++]!);
    return out;
  });
}

async function statsIn(ctx: AppContext, scopes: readonly StatScope[]): Promise<Map<number, UserStats>> {
  const { db, engine } = ctx.store;
  const parts = await Promise.all(
    scopes.map(async (scope) => {
      const [counts, tags, pins] = await Promise.all([
        countMemoStats(db, engine, scope),
        countTagStats(db, engine, scope),
        listPinnedStats(db, engine, scope),
      ]);
      // The times of each creator the counts found, by the stats index's range of that creator, a page at a time.
      const times = new Map<number, MemoTimes[]>();
      for (const creatorId of counts.map((count) => count.creatorId).sort((a, b) => a - b))
        times.set(creatorId, await creatorTimes(db, engine, scope, creatorId));
      return { counts, tags, pins, times };
    }),
  );
  const stats = new Map<number, UserStats>();
  const of = (creatorId: number) => stats.get(creatorId) ?? stats.set(creatorId, emptyStats()).get(creatorId)!;
  for (const { counts } of parts)
    for (const { creatorId, total, properties } of counts) {
      const each = of(creatorId);
      each.total += total;
      for (const [property, n] of Object.entries(properties) as Array<[MemoProperty, number]>) each.properties[property] += n;
    }
  for (const { tags } of parts)
    for (const { creatorId, tag, n } of tags) {
      const each = of(creatorId).tags;
      each.set(tag, (each.get(tag) ?? 0) + n);
    }
  // Each scope's pins are newest created first; several scopes' are merged so (a stable sort keeps ties in order).
  const pins = parts.length === 1 ? parts[0]!.pins : parts.flatMap((part) => part.pins).sort(newestCreatedFirst);
  for (const pin of pins) of(pin.creatorId).pinnedUids.push(pin.uid);
  // Each scope's times come by creator, newest created first; a creator in several scopes (the caller: shared and
  // private memos) has theirs merged the same way.
  const timesOf = new Map<number, MemoTimes[][]>();
  for (const part of parts) for (const [creatorId, times] of part.times) timesOf.set(creatorId, [...(timesOf.get(creatorId) ?? []), times]);
  for (const [creatorId, lists] of timesOf) of(creatorId).times = lists.length === 1 ? lists[0]! : mergeNewestFirst(lists);
  return stats;
}
