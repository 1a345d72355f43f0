// What accounts wrote, for v1's user stats: every memo in the scope the caller may read of one account (its stats
// scope) or of everyone (explore's shared memos and the caller's own private ones; or the caller's archive), newest
// created first. The v1
// presenter counts them (kinds of content, tags, pins).
import type { RowStatus, Visibility } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { amountScopes, listableScopes, statsScope } from "../policies/memo.policy.js";
import { listMemoStatRows, type MemoStatRow } from "../store/sql/memo/user-stats.store.js";

const newestCreatedFirst = (a: MemoStatRow, b: MemoStatRow) => b.created_ts - a.created_ts;

/** The NORMAL memos of `userId` the caller may read. */
export async function userStatRows(ctx: AppContext, viewer: Viewer, userId: number): Promise<MemoStatRow[]> {
  return listMemoStatRows(ctx.store.db, ctx.store.engine, statsScope(viewer, userId));
}

/**
 * The memos of everyone the caller may read, NORMAL ones (the scopes do not overlap: no memo twice) or, for
 * `ARCHIVED`, the caller's own archive, which no one else may count (a visitor's: none). `visibilities` narrows
 * them (explore's `visibility in [...]`), never widens them.
 */
export async function allUserStatRows(
  ctx: AppContext,
  viewer: Viewer,
  rowStatus: RowStatus = "NORMAL",
  visibilities?: readonly Visibility[],
): Promise<MemoStatRow[]> {
  const { db, engine } = ctx.store;
  const scopes = (rowStatus === "NORMAL" ? amountScopes(viewer, undefined) : listableScopes(viewer, rowStatus))
    .map((scope) => (visibilities === undefined ? scope : { ...scope, visibilities: narrowed(scope.visibilities, visibilities) }))
    .filter((scope) => scope.visibilities?.length !== 0);
  const rows = await Promise.all(scopes.map((scope) => listMemoStatRows(db, engine, scope)));
  return rows.flat().sort(newestCreatedFirst);
}

/** A scope's visibilities within those asked (a scope of every visibility: those asked). */
const narrowed = (scope: readonly Visibility[] | undefined, asked: readonly Visibility[]): Visibility[] =>
  scope === undefined ? [...asked] : scope.filter((visibility) => asked.includes(visibility));
