// The trash: deleting a memo moves it here; its author restores it or deletes it forever, and after the host's
// number of days it is purged. Emptying a trash, and the expiry, are recorded first (trash-purge.store.ts, one
// statement) and purged in the background by the trash sweeper, a batch at a time: the trash shows none of those
// memos from the moment the request answers, and a purge a crash cut short is finished by the next start.
import { setImmediate } from "node:timers/promises";
import { DEFAULT_HISTORY_PAGE, type Memo, type TrashListQuery, type TrashPage } from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { authorizeMemo } from "../policies/memo.policy.js";
import { authorizeOwnMemo } from "../policies/own-memo.policy.js";
import type { Db } from "../store/db.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import {
  countTrash,
  findTrashed,
  latestTrashedTs,
  listTrashQuery,
  moveMemosToTrash,
  moveOutOfTrash,
  moveToTrash,
  purgeTrashed,
} from "../store/sql/memo/trash.store.js";
import {
  anyTrashedThrough,
  coveredIdsQuery,
  finishTrashPurge,
  pendingTrashPurges,
  purgeBoundaries,
  recordTrashPurge,
} from "../store/sql/memo/trash-purge.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import type { MemoTrashRow } from "../store/schema.js";
import { nowSeconds } from "../store/time.js";
import { requireMemo } from "./memo-access.js";
import { composeMemos } from "./memo-compose.js";
import { indexContent } from "./memo-revise.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";
import { liveMemo, publishLive } from "./live-feed.js";

const DAY = 86_400;
/**
 * Memos purged per transaction when a trash is emptied or expires: about ten statements each. SQLite runs them on
 * the main thread, so its batches stay small; PostgreSQL's wait on the network.
 */
const PURGE_BATCH = { sqlite: 100, postgres: 500 } as const;

const memoKey = (id: number) => `memo:${id}`;

/**
 * When a memo of `creatorId` moving to the trash now is trashed: now, or just after the last emptying of that
 * trash when it was recorded this very second, so that a recorded purge never covers a memo trashed after it.
 */
async function trashTime(tx: Db, creatorId: number): Promise<number> {
  const { own } = await purgeBoundaries(tx, creatorId);
  return Math.max(nowSeconds(), own === null ? 0 : own + 1);
}

/**
 * Moves the memo `id` (which `viewer` may delete: asked by the caller) to the trash inside `tx`, telling webhooks
 * it was deleted (the memo as it was). Whether a delivery was queued.
 */
async function trashMemoIn(tx: Db, viewer: Actor, memo: { id: number; creator_id: number }): Promise<boolean> {
  const queued = await queueWebhookEvent(tx, viewer, "memo.deleted", memoKey(memo.id), async () => {
    const [composed] = await composeMemos(tx, [await requireMemo(tx, memo.id)]);
    return { memo: composed! };
  });
  await moveToTrash(tx, memo.id, await trashTime(tx, memo.creator_id));
  return queued;
}

/**
 * Moves the memos (which the caller judged may be deleted) to the trash inside `tx`, a batch per statement: a bulk
 * edit, which tells webhooks itself.
 */
export async function trashMemosIn(tx: Db, memos: ReadonlyArray<{ id: number; creator_id: number }>): Promise<void> {
  for (const creatorId of new Set(memos.map((memo) => memo.creator_id))) {
    const ids = memos.filter((memo) => memo.creator_id === creatorId).map((memo) => memo.id);
    await moveMemosToTrash(tx, ids, await trashTime(tx, creatorId));
  }
}

/** `DELETE /api/memo/:memoId`: the memo moves to the trash (v0 clients see it deleted). */
export async function trashMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const memo = await requireMemo(ctx.store.db, id);
  authorizeMemo(viewer, "delete", memo);
  const queued = await ctx.store.db.transaction().execute((tx) => trashMemoIn(tx, viewer!, memo));
  afterCommit(ctx, queued);
  publishLive(ctx, [{ type: "memo.trashed", memo: liveMemo(memo) }]);
}

/** A trashed memo as a list row (its pins and files are still linked under its id). */
const asListRow = (row: MemoTrashRow): MemoListRow => ({
  id: row.memo_id,
  uid: row.uid,
  creator_id: row.creator_id,
  created_ts: Number(row.created_ts),
  updated_ts: Number(row.updated_ts),
  display_ts: Number(row.display_ts),
  row_status: row.row_status,
  content: row.content,
  visibility: row.visibility,
  access_token_id: row.access_token_id,
  edit_source: row.edit_source,
  edit_token_id: row.edit_token_id,
  property_flags: row.property_flags,
  location_placeholder: row.location_placeholder,
  location_latitude: row.location_latitude,
  location_longitude: row.location_longitude,
  space_id: row.space_id,
  pinned: 0,
});

async function retentionSeconds(db: Db): Promise<number> {
  return (await readSystemSetting(db, "trashRetentionDays")) * DAY;
}

/** The last second of what the host's retention has expired at `now`: memos trashed at or before it are due. */
async function expiredThrough(db: Db, now: number): Promise<number> {
  return now - (await retentionSeconds(db)) - 1;
}

/**
 * The trash of `creatorId` shows the memos trashed after this second: those at or before it are expired, or their
 * purge is recorded (the trash emptied, or the expiry under way), and go whatever happens to this process.
 */
async function hiddenThrough(db: Db, creatorId: number, now: number): Promise<number> {
  const { own, every } = await purgeBoundaries(db, creatorId);
  return Math.max(await expiredThrough(db, now), own ?? Number.NEGATIVE_INFINITY, every ?? Number.NEGATIVE_INFINITY);
}

/** The trashed memo `id` as its author sees it: 404 for another's, and for one that is expired or being purged. */
async function requireTrashed(db: Db, viewer: Viewer, id: number): Promise<MemoTrashRow> {
  const found = await findTrashed(db, id);
  const row = found && Number(found.trashed_ts) > (await hiddenThrough(db, found.creator_id, nowSeconds())) ? found : undefined;
  if (!row) {
    authorizeOwnMemo(viewer, "trash", { id, creator_id: Number.NaN });
    throw notFound(`Not in the trash: ${id}`, { reason: "trash.not-found" });
  }
  authorizeOwnMemo(viewer, "trash", { id, creator_id: row.creator_id });
  return row;
}

export async function listTrashedMemos(ctx: AppContext, viewer: Viewer, query: TrashListQuery): Promise<TrashPage> {
  authorizeOwnMemo(viewer, "trash", { id: 0, creator_id: viewer?.id ?? Number.NaN });
  const { db } = ctx.store;
  // Expired memos are left out already; the sweeper records and purges them.
  ctx.trash?.kick();
  const hidden = await hiddenThrough(db, viewer.id, nowSeconds());
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const [trashedTs, memoId] = query.cursor?.split("-").map(Number) ?? [];
  const after = trashedTs !== undefined && memoId !== undefined ? { trashedTs, memoId } : undefined;
  const rows = await listTrashQuery(db, viewer.id, hidden, limit + 1, after).execute();
  const page = rows.slice(0, limit);
  const memos = await composeMemos(db, page.map(asListRow));
  const retention = await retentionSeconds(db);
  const trashedAt = new Map(page.map((row) => [row.memo_id, Number(row.trashed_ts)]));
  const last = page[page.length - 1];
  return {
    memos: memos.map((memo) => ({ ...memo, trashedTs: trashedAt.get(memo.id)!, purgeTs: trashedAt.get(memo.id)! + retention })),
    total: await countTrash(db, viewer.id, hidden),
    next: rows.length > limit && last ? `${last.trashed_ts}-${last.memo_id}` : null,
  };
}

export async function restoreTrashedMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<Memo> {
  const { db } = ctx.store;
  const { queued, restored } = await db.transaction().execute(async (tx) => {
    const row = await requireTrashed(tx, viewer, id);
    await moveOutOfTrash(tx, id);
    await indexContent(tx, id, row.creator_id, row.content);
    const queued = await queueWebhookEvent(tx, viewer!, "memo.restored", memoKey(id), async () => {
      const [memo] = await composeMemos(tx, [await requireMemo(tx, id)]);
      return { memo: memo! };
    });
    return { queued, restored: row };
  });
  afterCommit(ctx, queued);
  // Back in the lists of whoever may read it.
  publishLive(ctx, [{ type: "memo.restored", memo: liveMemo({ ...restored, id }) }]);
  const [memo] = await composeMemos(db, [await requireMemo(db, id)]);
  return memo!;
}

export async function deleteTrashedMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.store.db.transaction().execute(async (tx) => {
    await requireTrashed(tx, viewer, id);
    await purgeTrashed(tx, [id]);
  });
}

/**
 * `DELETE /api/trash`: the caller's trash is emptied. The purge of what it shows is recorded in one statement and
 * the answer says how many memos that is; the trash sweeper purges them in the background, and the trash shows none
 * of them from now on, restores none, and after a crash the next start finishes the purge.
 */
export async function emptyTrash(ctx: AppContext, viewer: Viewer): Promise<{ deleted: number }> {
  authorizeOwnMemo(viewer, "trash", { id: 0, creator_id: viewer?.id ?? Number.NaN });
  const { db } = ctx.store;
  const now = nowSeconds();
  // Counted off the main thread on SQLite (a trash may hold 100,000 memos); the record is one statement.
  const deleted = await countTrash(db, viewer.id, await hiddenThrough(db, viewer.id, now));
  if (deleted === 0) return { deleted };
  // Up to the latest memo it holds: one trashed this second after a recorded emptying is a second later (trashTime).
  await db
    .transaction()
    .execute(async (tx) => recordTrashPurge(tx, viewer.id, Math.max(now, (await latestTrashedTs(tx, viewer.id)) ?? now), now));
  ctx.trash?.kick();
  return { deleted };
}

/** Records the purge of every memo the host's retention has expired, unless there is none or it is recorded already. */
async function recordExpiry(db: Db): Promise<void> {
  const now = nowSeconds();
  const through = await expiredThrough(db, now);
  if (!(await anyTrashedThrough(db, through))) return;
  const purges = await pendingTrashPurges(db);
  if (purges.some((purge) => purge.creator_id === null && Number(purge.through_ts) >= through)) return;
  await recordTrashPurge(db, null, through, now);
}

/**
 * Purges what every recorded purge covers, a batch a transaction with a turn of the event loop between batches, and
 * deletes each record once nothing it covers is left. Any process may run this at once with others (PostgreSQL
 * hands each its own batches); `stopping` ends it between batches, the records kept for the next run. How many
 * memos went.
 */
async function runRecordedPurges(ctx: AppContext, stopping: () => boolean): Promise<number> {
  const { db, engine } = ctx.store;
  let purged = 0;
  for (const purge of await pendingTrashPurges(db)) {
    for (;;) {
      if (stopping()) return purged;
      const done = await db.transaction().execute(async (tx) => {
        const ids = (await coveredIdsQuery(tx, engine, purge, PURGE_BATCH[engine]).execute()).map((row) => row.memo_id);
        await purgeTrashed(tx, ids);
        return ids.length;
      });
      purged += done;
      if (done === 0) break;
      await setImmediate();
    }
    await finishTrashPurge(db, purge);
  }
  return purged;
}

/**
 * One round of the trash sweeper: the expiry recorded when memos are due, then every recorded purge run to its end
 * (this process's, another's, one a crash cut short). How many memos went.
 */
export async function sweepTrash(ctx: AppContext, stopping: () => boolean = () => false): Promise<number> {
  await recordExpiry(ctx.store.db);
  return runRecordedPurges(ctx, stopping);
}
