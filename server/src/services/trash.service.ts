// The trash: deleting a memo moves it here; its author restores it or deletes it forever, and after the host's
// number of days it is purged (purgeExpiredTrash, run by the trash sweeper and on every read of a trash).
import { DEFAULT_HISTORY_PAGE, type Memo, TRASH_RETENTION_SETTING, type TrashListQuery, type TrashPage } from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { authorizeMemo } from "../policies/memo.policy.js";
import { authorizeOwnMemo } from "../policies/own-memo.policy.js";
import type { Db } from "../store/db.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import {
  countTrash,
  findTrashed,
  listTrash,
  moveMemosToTrash,
  moveOutOfTrash,
  moveToTrash,
  purgeTrashed,
  trashedIds,
} from "../store/sql/memo/trash.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import type { MemoTrashRow } from "../store/schema.js";
import { nowSeconds } from "../store/time.js";
import { requireMemo } from "./memo-access.js";
import { composeMemos } from "./memo-compose.js";
import { indexContent } from "./memo-revise.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";

const DAY = 86_400;
/** Memos purged per statement batch when a trash is emptied or expires. */
const PURGE_BATCH = 500;

const memoKey = (id: number) => `memo:${id}`;

/**
 * Moves the memo `id` (which `viewer` may delete: asked by the caller) to the trash inside `tx`, telling webhooks
 * it was deleted (the memo as it was). Whether a delivery was queued.
 */
async function trashMemoIn(tx: Db, viewer: Actor, id: number): Promise<boolean> {
  const queued = await queueWebhookEvent(tx, viewer, "memo.deleted", memoKey(id), async () => {
    const [memo] = await composeMemos(tx, [await requireMemo(tx, id)]);
    return { memo: memo! };
  });
  await moveToTrash(tx, id, nowSeconds());
  return queued;
}

/**
 * Moves the memos `ids` (which the caller judged may be deleted) to the trash inside `tx`, a batch per statement:
 * a bulk edit, which tells webhooks itself.
 */
export async function trashMemosIn(tx: Db, ids: readonly number[]): Promise<void> {
  await moveMemosToTrash(tx, ids, nowSeconds());
}

/** `DELETE /api/memo/:memoId`: the memo moves to the trash (v0 clients see it deleted). */
export async function trashMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const memo = await requireMemo(ctx.store.db, id);
  authorizeMemo(viewer, "delete", memo);
  const queued = await ctx.store.db.transaction().execute((tx) => trashMemoIn(tx, viewer!, id));
  afterCommit(ctx, queued);
}

/** A trashed memo as a list row (its pins and files are still linked under its id). */
const asListRow = (row: MemoTrashRow): MemoListRow => ({
  id: row.memo_id,
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
  pinned: 0,
});

async function retentionSeconds(db: Db): Promise<number> {
  return (await readSystemSetting(db, TRASH_RETENTION_SETTING)) * DAY;
}

async function requireTrashed(db: Db, viewer: Viewer, id: number): Promise<MemoTrashRow> {
  const row = await findTrashed(db, id);
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
  await purgeExpiredTrash(ctx);
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const [trashedTs, memoId] = query.cursor?.split("-").map(Number) ?? [];
  const after = trashedTs !== undefined && memoId !== undefined ? { trashedTs, memoId } : undefined;
  const rows = await listTrash(db, viewer.id, limit + 1, after);
  const page = rows.slice(0, limit);
  const memos = await composeMemos(db, page.map(asListRow));
  const retention = await retentionSeconds(db);
  const trashedAt = new Map(page.map((row) => [row.memo_id, Number(row.trashed_ts)]));
  const last = page[page.length - 1];
  return {
    memos: memos.map((memo) => ({ ...memo, trashedTs: trashedAt.get(memo.id)!, purgeTs: trashedAt.get(memo.id)! + retention })),
    total: await countTrash(db, viewer.id),
    next: rows.length > limit && last ? `${last.trashed_ts}-${last.memo_id}` : null,
  };
}

export async function restoreTrashedMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<Memo> {
  const { db } = ctx.store;
  const queued = await db.transaction().execute(async (tx) => {
    const row = await requireTrashed(tx, viewer, id);
    await moveOutOfTrash(tx, id);
    await indexContent(tx, id, row.creator_id, row.content);
    return queueWebhookEvent(tx, viewer!, "memo.restored", memoKey(id), async () => {
      const [memo] = await composeMemos(tx, [await requireMemo(tx, id)]);
      return { memo: memo! };
    });
  });
  afterCommit(ctx, queued);
  const [memo] = await composeMemos(db, [await requireMemo(db, id)]);
  return memo!;
}

export async function deleteTrashedMemo(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.store.db.transaction().execute(async (tx) => {
    await requireTrashed(tx, viewer, id);
    await purgeTrashed(tx, [id]);
  });
}

/** Purges `select`'s trashed memos a batch at a time, each batch its own transaction. How many went. */
async function purgeWhile(db: Db, select: (db: Db) => Promise<number[]>): Promise<number> {
  let purged = 0;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      const ids = await select(tx);
      await purgeTrashed(tx, ids);
      return ids.length;
    });
    purged += done;
    if (done < PURGE_BATCH) return purged;
  }
}

export async function emptyTrash(ctx: AppContext, viewer: Viewer): Promise<{ deleted: number }> {
  authorizeOwnMemo(viewer, "trash", { id: 0, creator_id: viewer?.id ?? Number.NaN });
  const deleted = await purgeWhile(ctx.store.db, (tx) => trashedIds(tx, { creatorId: viewer.id }, PURGE_BATCH));
  return { deleted };
}

/** Purges every memo that has been in a trash longer than the host's retention. How many went. */
export async function purgeExpiredTrash(ctx: AppContext): Promise<number> {
  const before = nowSeconds() - (await retentionSeconds(ctx.store.db));
  return purgeWhile(ctx.store.db, (tx) => trashedIds(tx, { before }, PURGE_BATCH));
}
