// Emoji reactions on memos and on comments: a page of memos' reactions in a fixed number of queries (the memos'
// facts, the counts, the first reactors; a comment page carries its own, comment-compose.ts), a member's own reaction
// added or taken back. The author of what was reacted to hears of it: in their inbox (unless they reacted
// themselves) and through their webhooks (`reaction.added`).
import type { CommentReaction, Reaction } from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { forbidden, notFound, unauthenticated } from "../errors.js";
import { mayHearOf } from "../policies/inbox.policy.js";
import { authorizeMemo } from "../policies/memo.policy.js";
import { authorizeCommentReaction, authorizeReaction, canSeeReactions } from "../policies/reaction.policy.js";
import type { Db } from "../store/db.js";
import type { CommentRow } from "../store/sql/comment.store.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import {
  deleteReaction,
  findOwnReactionEntry,
  findReactionEntry,
  insertReaction,
  listReactionEntries,
  type ReactionEntryRow,
  type ReactionTarget,
} from "../store/sql/reaction.store.js";
import { commentReactions, composeComments, requireComment } from "./comment-compose.js";
import { notifyReaction } from "./inbox.service.js";
import { requireMemo } from "./memo-access.js";
import { knownFacts } from "./space-access.js";
import { composeMemos } from "./memo-compose.js";
import { composeReactions } from "./reaction-compose.js";
import { afterCommit, queueEvents, subscribedWebhooks } from "./webhook-events.js";
import { liveMemo, liveTransaction, publishLive } from "./live-feed.js";

async function memoReactions(db: Db, viewer: Viewer, memoIds: readonly number[]): Promise<Reaction[]> {
  const reactions = await composeReactions(db, viewer, "memo", memoIds);
  return reactions.map(({ targetId, ...reaction }) => ({ memoId: targetId, ...reaction }));
}

/** `GET /api/reaction?memoIds=`: the reactions of the memos the caller may read (others left out, as if none). */
export async function listMemoReactions(ctx: AppContext, viewer: Viewer, memoIds: readonly number[]): Promise<Reaction[]> {
  const { db } = ctx.store;
  const readable = (await knownFacts(db, viewer, memoIds)).filter((memo) => canSeeReactions(viewer, memo)).map((memo) => memo.id);
  return memoReactions(db, viewer, readable);
}

/** What was reacted to: a memo, or one of its comments. */
type Reacted = { memo: MemoListRow; comment?: CommentRow };

/**
 * Adds the reaction and, when it is new, tells the author of what was reacted to: their inbox, and their webhooks
 * (`{memo, comment?, reaction}`, each as that author sees it; ordered with the memo's other events).
 */
async function react(ctx: AppContext, actor: Actor, { memo, comment }: Reacted, emoji: string): Promise<void> {
  const target: ReactionTarget = comment ? "comment" : "memo";
  const queued = await liveTransaction(ctx, async (tx) => {
    if (!(await insertReaction(tx, target, comment?.id ?? memo.id, actor.id, emoji))) return false;
    await notifyReaction(tx, actor, memo, emoji, comment);
    const author = { ...actor, id: comment?.creator_id ?? memo.creator_id };
    // A comment's author may since have lost sight of the memo (made private): their webhooks are not sent it.
    if (!mayHearOf(author, memo)) return false;
    const webhooks = await subscribedWebhooks(tx, author, "reaction.added");
    if (webhooks.length === 0) return false;
    const [composed] = await composeMemos(tx, [memo]);
    const subject = comment ? { comment: (await composeComments(tx, author, [comment]))[0] } : {};
    return queueEvents(tx, actor, "reaction.added", webhooks, [
      {
        orderingKey: `memo:${memo.id}`,
        subject: { memo: composed, ...subject, reaction: { emoji, user: { id: actor.id, username: actor.username } } },
      },
    ]);
  });
  afterCommit(ctx, queued);
  publishLive(ctx, [
    { type: "reaction.upserted", memo: liveMemo(memo), ...(comment && { comment: { id: comment.id, uid: comment.uid } }) },
  ]);
}

export async function addReaction(ctx: AppContext, viewer: Viewer, memoId: number, emoji: string): Promise<Reaction[]> {
  const memo = await requireMemo(ctx.store.db, memoId, viewer);
  authorizeReaction(viewer, memo);
  await react(ctx, viewer, { memo }, emoji);
  return memoReactions(ctx.store.db, viewer, [memoId]);
}

export async function removeReaction(ctx: AppContext, viewer: Viewer, memoId: number, emoji: string): Promise<Reaction[]> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId, viewer);
  authorizeReaction(viewer, memo);
  await deleteReaction(db, "memo", memoId, viewer.id, emoji);
  publishLive(ctx, [{ type: "reaction.deleted", memo: liveMemo(memo) }]);
  return memoReactions(db, viewer, [memoId]);
}

export async function addCommentReaction(ctx: AppContext, viewer: Viewer, commentId: number, emoji: string): Promise<CommentReaction[]> {
  const { comment, memo } = await requireComment(ctx.store.db, commentId, viewer);
  authorizeCommentReaction(viewer, comment, memo);
  await react(ctx, viewer, { memo, comment }, emoji);
  return commentReactions(ctx.store.db, viewer, [commentId]);
}

export async function removeCommentReaction(ctx: AppContext, viewer: Viewer, commentId: number, emoji: string): Promise<CommentReaction[]> {
  const { db } = ctx.store;
  const { comment, memo } = await requireComment(db, commentId, viewer);
  authorizeCommentReaction(viewer, comment, memo);
  await deleteReaction(db, "comment", commentId, viewer.id, emoji);
  publishLive(ctx, [{ type: "reaction.deleted", memo: liveMemo(memo), comment: { id: comment.id, uid: comment.uid } }]);
  return commentReactions(db, viewer, [commentId]);
}

/** A memo or a comment, by id: what v1 reacts to through a memo's name (comments are memos there). */
export interface ReactedRef {
  target: ReactionTarget;
  id: number;
}

/** 404/403 unless the caller may see the reactions of what `ref` names (its memo's read rule). */
async function authorizeSeeing(ctx: AppContext, viewer: Viewer, ref: ReactedRef): Promise<void> {
  const { db } = ctx.store;
  if (ref.target === "memo") {
    authorizeMemo(viewer, "read", await requireMemo(db, ref.id, viewer));
    return;
  }
  const { comment, memo } = await requireComment(db, ref.id, viewer);
  if (!canSeeReactions(viewer, memo)) throw notFound(`Comment not found: ${comment.id}`, { reason: "comment.not-found" });
}

/** A page of the reactions one by one (v1's ListMemoReactions), oldest first, after the reaction `afterId`. */
export async function listReactionEntriesOf(
  ctx: AppContext,
  viewer: Viewer,
  ref: ReactedRef,
  page: { afterId: number; limit: number },
): Promise<ReactionEntryRow[]> {
  await authorizeSeeing(ctx, viewer, ref);
  return listReactionEntries(ctx.store.db, ref.target, ref.id, page.afterId, page.limit);
}

/** Adds the caller's reaction (as addReaction or addCommentReaction does) and answers it as one row. */
export async function upsertReactionEntry(ctx: AppContext, viewer: Viewer, ref: ReactedRef, emoji: string): Promise<ReactionEntryRow> {
  if (ref.target === "memo") await addReaction(ctx, viewer, ref.id, emoji);
  else await addCommentReaction(ctx, viewer, ref.id, emoji);
  const row = await findOwnReactionEntry(ctx.store.db, ref.target, ref.id, viewer!.id, emoji);
  if (!row) throw new Error(`the reaction just added to ${ref.target} ${ref.id} is not there`);
  return row;
}

/**
 * Takes back a reaction by its id; false when there is none on what `ref` names (or the caller may not see it). One
 * of another member's is theirs to take back (403).
 */
export async function removeReactionEntry(ctx: AppContext, viewer: Viewer, ref: ReactedRef, reactionId: number): Promise<boolean> {
  await authorizeSeeing(ctx, viewer, ref);
  const row = await findReactionEntry(ctx.store.db, ref.target, reactionId);
  if (!row || row.target_id !== ref.id) return false;
  if (viewer === null) throw unauthenticated();
  if (row.creator_id !== viewer.id) throw forbidden("Only who reacted takes a reaction back");
  if (ref.target === "memo") await removeReaction(ctx, viewer, ref.id, row.emoji);
  else await removeCommentReaction(ctx, viewer, ref.id, row.emoji);
  return true;
}
