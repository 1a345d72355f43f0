// Comments on memos: a memo's page of comments, a page of memos' counts (two queries whatever the page), a
// member's comment written, edited or deleted in a transaction (its text under a memo's caps, memo-revise.ts); the
// memo's author's webhooks hear `comment.created`.
import {
  type Comment,
  type CommentCount,
  type CommentCreate,
  type CommentListQuery,
  type CommentPage,
  type CommentPatch,
  DEFAULT_HISTORY_PAGE,
} from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { conflict, notFound } from "../errors.js";
import { authorizeComment, authorizeCommentChange, authorizeCommentClose, canSeeComments } from "../policies/comment.policy.js";
import { authorizeMemo } from "../policies/memo.policy.js";
import {
  type CommentRow,
  countComments,
  deleteComment,
  findComment,
  insertComment,
  isCommentClosed,
  listComments,
  setCommentClosed,
  setCommentResources,
  updateCommentContent,
} from "../store/sql/comment.store.js";
import { memoUidTaken, newMemoUid } from "../store/sql/memo/memo-uid.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { composeComment, composeComments, requireComment } from "./comment-compose.js";
import { requireMemo } from "./memo-access.js";
import { knownFacts } from "./space-access.js";
import { notifyComment, notifyCommentMentions } from "./inbox.service.js";
import { composeMemos } from "./memo-compose.js";
import { assertOwnResources } from "./memo.service.js";
import { assertStorableComment } from "./memo-revise.js";
import { afterCommit, queueEvents, subscribedWebhooks } from "./webhook-events.js";
import { liveMemo, liveTransaction, publishLive } from "./live-feed.js";

export async function listMemoComments(ctx: AppContext, viewer: Viewer, memoId: number, query: CommentListQuery): Promise<CommentPage> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId, viewer);
  authorizeMemo(viewer, "read", memo);
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const rows = await listComments(db, memoId, query.after, limit + 1);
  const page = rows.slice(0, limit);
  return {
    comments: await composeComments(db, viewer, page),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    closed: await isCommentClosed(db, memoId),
    disabled: await readSystemSetting(db, "disableComments"),
  };
}

/** `GET /api/memo/comment-count`: the counts of the memos the caller may read (others left out, as if none). */
export async function countMemoComments(ctx: AppContext, viewer: Viewer, memoIds: readonly number[]): Promise<CommentCount[]> {
  const { db } = ctx.store;
  const readable = (await knownFacts(db, viewer, memoIds)).filter((memo) => canSeeComments(viewer, memo)).map((memo) => memo.id);
  return countComments(db, readable);
}

/** `uid`: the v1 name's uid the client chose (taken by a memo or a comment: a 409), a random one otherwise. */
export async function createComment(
  ctx: AppContext,
  viewer: Viewer,
  memoId: number,
  input: CommentCreate,
  { uid }: { uid?: string } = {},
): Promise<Comment> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId, viewer);
  const state = { disabled: await readSystemSetting(db, "disableComments"), closed: await isCommentClosed(db, memoId) };
  authorizeComment(viewer, memo, state);
  assertStorableComment(input.content);
  // Chosen here, so the live note can name the comment without reading it again.
  const commentUid = uid ?? newMemoUid();
  const { id, queued } = await liveTransaction(ctx, async (tx) => {
    await assertOwnResources(tx, viewer, input.resourceIdList ?? []);
    if (uid !== undefined && (await memoUidTaken(tx, uid)))
      throw conflict(`Memo uid already taken: ${uid}`, { reason: "input.conflict", field: "uid" });
    const id = await insertComment(tx, memoId, viewer.id, input.content, commentUid);
    await setCommentResources(tx, id, input.resourceIdList ?? []);
    // The inbox: the memo's author hears of it, and whoever the comment names and may read the memo.
    await notifyComment(tx, viewer, memo, id);
    await notifyCommentMentions(tx, viewer, id, { memo, content: input.content });
    // The memo's author's webhooks hear of it too, whoever commented.
    const webhooks = await subscribedWebhooks(tx, { ...viewer, id: memo.creator_id }, "comment.created");
    if (webhooks.length === 0) return { id, queued: false };
    const [composed] = await composeMemos(tx, [memo]);
    // As the memo's author (the webhook's owner) sees it: a new comment, no reactions yet.
    const [comment] = await composeComments(tx, { ...viewer, id: memo.creator_id }, [(await findComment(tx, id)) as CommentRow]);
    const queued = await queueEvents(tx, viewer, "comment.created", webhooks, [
      { orderingKey: `memo:${memoId}`, subject: { memo: composed, comment } },
    ]);
    return { id, queued };
  });
  afterCommit(ctx, queued);
  publishLive(ctx, [{ type: "comment.created", memo: liveMemo(memo), comment: { id, uid: commentUid } }]);
  return composeComment(db, viewer, id);
}

/** One comment, for whoever may read its memo (v1 names a comment as a memo); 404 as the comment's other routes otherwise. */
export async function getComment(ctx: AppContext, viewer: Viewer, id: number): Promise<Comment> {
  const { db } = ctx.store;
  const { memo } = await requireComment(db, id, viewer);
  if (!canSeeComments(viewer, memo)) throw notFound(`Comment not found: ${id}`, { reason: "comment.not-found" });
  return composeComment(db, viewer, id);
}

export async function updateComment(ctx: AppContext, viewer: Viewer, id: number, patch: CommentPatch): Promise<Comment> {
  const { db } = ctx.store;
  const { comment, memo } = await requireComment(db, id, viewer);
  authorizeCommentChange(viewer, "edit", comment, memo);
  if (patch.content !== undefined) assertStorableComment(patch.content);
  await liveTransaction(ctx, async (tx) => {
    if (patch.resourceIdList !== undefined) {
      await assertOwnResources(tx, viewer, patch.resourceIdList);
      await setCommentResources(tx, id, patch.resourceIdList);
    }
    await updateCommentContent(tx, id, patch.content);
    // An edit tells only those it names anew.
    if (patch.content !== undefined)
      await notifyCommentMentions(tx, viewer, id, { memo, content: patch.content }, { memo, content: comment.content });
  });
  publishLive(ctx, [{ type: "comment.updated", memo: liveMemo(memo), comment: { id, uid: comment.uid } }]);
  return composeComment(db, viewer, id);
}

export async function removeComment(ctx: AppContext, viewer: Viewer, id: number): Promise<true> {
  const { db } = ctx.store;
  const { comment, memo } = await requireComment(db, id, viewer);
  authorizeCommentChange(viewer, "delete", comment, memo);
  await db.transaction().execute((tx) => deleteComment(tx, id));
  publishLive(ctx, [{ type: "comment.deleted", memo: liveMemo(memo), comment: { id, uid: comment.uid } }]);
  return true;
}

export async function closeComments(ctx: AppContext, viewer: Viewer, memoId: number, closed: boolean): Promise<{ closed: boolean }> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId, viewer);
  authorizeCommentClose(viewer, memo);
  await setCommentClosed(db, memoId, closed);
  return { closed };
}
