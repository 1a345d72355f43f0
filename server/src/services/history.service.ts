// A memo's history: its author reads the versions its content, visibility and place replaced, and restores one.
import { DEFAULT_HISTORY_PAGE, type Memo, type MemoRevision, type RevisionListQuery } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { authorizeOwnMemo } from "../policies/own-memo.policy.js";
import { presentRevision } from "../presenters/revision.presenter.js";
import { findAccessTokenNames } from "../store/sql/access-token.store.js";
import { findRevision, listRevisions } from "../store/sql/memo/revision.store.js";
import { locationOf } from "../store/sql/memo/memo-location.js";
import type { MemoRevisionRow } from "../store/schema.js";
import type { Db } from "../store/db.js";
import { requireMemo } from "./memo-access.js";
import { getMemo } from "./memo.service.js";
import { reviseMemo } from "./memo-revise.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";
import { composeMemos } from "./memo-compose.js";
import { liveMemo, publishLive } from "./live-feed.js";

async function presentRevisions(db: Db, creatorId: number, rows: MemoRevisionRow[]): Promise<MemoRevision[]> {
  const tokens = rows.flatMap((row) => (row.token_id === null ? [] : [row.token_id]));
  const names = await findAccessTokenNames(db, creatorId, tokens);
  return rows.map((row) => presentRevision(row, names));
}

async function ownMemo(ctx: AppContext, viewer: Viewer, memoId: number) {
  const memo = await requireMemo(ctx.store.db, memoId).catch(() => {
    throw notFound(`Memo ID not found: ${memoId}`, { reason: "revision.not-found" });
  });
  authorizeOwnMemo(viewer, "history", memo);
  return memo;
}

async function ownRevision(db: Db, memoId: number, revisionId: number): Promise<MemoRevisionRow> {
  const row = await findRevision(db, memoId, revisionId);
  if (!row) throw notFound(`Revision not found: ${revisionId}`, { reason: "revision.not-found" });
  return row;
}

export async function listMemoRevisions(ctx: AppContext, viewer: Viewer, memoId: number, query: RevisionListQuery) {
  const memo = await ownMemo(ctx, viewer, memoId);
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const rows = await listRevisions(ctx.store.db, memoId, limit + 1, query.before);
  const page = rows.slice(0, limit);
  return {
    revisions: await presentRevisions(ctx.store.db, memo.creator_id, page),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

export async function getMemoRevision(ctx: AppContext, viewer: Viewer, memoId: number, revisionId: number): Promise<MemoRevision> {
  const memo = await ownMemo(ctx, viewer, memoId);
  const [revision] = await presentRevisions(ctx.store.db, memo.creator_id, [await ownRevision(ctx.store.db, memoId, revisionId)]);
  return revision!;
}

/** The version's text, visibility and place become the memo's: itself a change, so the version it replaces is kept too. */
export async function restoreMemoRevision(ctx: AppContext, viewer: Viewer, memoId: number, revisionId: number): Promise<Memo> {
  const memo = await ownMemo(ctx, viewer, memoId);
  const { db, engine } = ctx.store;
  let visibility = memo.visibility;
  const queued = await db.transaction().execute(async (tx) => {
    const revision = await ownRevision(tx, memoId, revisionId);
    visibility = revision.visibility;
    const origin = { source: "restore" as const, tokenId: viewer!.token?.id ?? null };
    const restored = { content: revision.content, visibility: revision.visibility, location: locationOf(revision) };
    await reviseMemo(tx, engine, memoId, restored, origin);
    return queueWebhookEvent(tx, viewer!, "memo.updated", `memo:${memoId}`, async () => {
      const [memo] = await composeMemos(tx, [await requireMemo(tx, memoId)]);
      return { memo: memo! };
    });
  });
  afterCommit(ctx, queued);
  const before = { visibility: memo.visibility, row_status: memo.row_status };
  publishLive(ctx, [{ type: "memo.updated", memo: { ...liveMemo(memo), visibility }, before }]);
  return getMemo(ctx, viewer, memoId);
}
