// Emoji reactions: a page of memos' reactions in a fixed number of queries (the memos' facts, the counts, the
// first reactors), a member's own reaction added or taken back; the memo's author's webhooks hear `reaction.added`.
import type { Reaction } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { authorizeReaction, canSeeReactions } from "../policies/reaction.policy.js";
import type { Db } from "../store/db.js";
import { findMemoFacts } from "../store/sql/memo/memo.store.js";
import { countReactions, deleteReaction, insertReaction, listReactions } from "../store/sql/reaction.store.js";
import { requireMemo } from "./memo-access.js";
import { composeMemos } from "./memo-compose.js";
import { afterCommit, queueEvents, subscribedWebhooks } from "./webhook-events.js";
import { notifyReaction } from "./inbox.service.js";

/** Reactors named per memo and emoji; the count says how many there are in all. */
const NAMED_PER_EMOJI = 20;

async function reactionsOf(db: Db, viewer: Viewer, memoIds: readonly number[]): Promise<Reaction[]> {
  if (memoIds.length === 0) return [];
  const [counts, named] = await Promise.all([countReactions(db, memoIds, viewer?.id ?? null), listReactions(db, memoIds, NAMED_PER_EMOJI)]);
  const names = new Map<string, { id: number; name: string }[]>();
  for (const row of named) {
    const key = `${row.memo_id} ${row.emoji}`;
    const list = names.get(key) ?? [];
    list.push({ id: row.creator_id, name: row.name });
    names.set(key, list);
  }
  return counts.map((row) => ({
    memoId: row.memo_id,
    emoji: row.emoji,
    count: row.count,
    users: names.get(`${row.memo_id} ${row.emoji}`) ?? [],
    mine: row.mine,
  }));
}

/** `GET /api/reaction?memoIds=`: the reactions of the memos the caller may read (others left out, as if none). */
export async function listMemoReactions(ctx: AppContext, viewer: Viewer, memoIds: readonly number[]): Promise<Reaction[]> {
  const { db } = ctx.store;
  const readable = (await findMemoFacts(db, memoIds)).filter((memo) => canSeeReactions(viewer, memo)).map((memo) => memo.id);
  return reactionsOf(db, viewer, readable);
}

export async function addReaction(ctx: AppContext, viewer: Viewer, memoId: number, emoji: string): Promise<Reaction[]> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId);
  authorizeReaction(viewer, memo);
  const queued = await db.transaction().execute(async (tx) => {
    if (!(await insertReaction(tx, memoId, viewer.id, emoji))) return false;
    await notifyReaction(tx, viewer, memo, emoji);
    // The memo's author hears of it (their webhooks), whoever reacted.
    const webhooks = await subscribedWebhooks(tx, { ...viewer, id: memo.creator_id }, "reaction.added");
    if (webhooks.length === 0) return false;
    const [composed] = await composeMemos(tx, [memo]);
    return queueEvents(tx, viewer, "reaction.added", webhooks, [
      {
        orderingKey: `memo:${memoId}`,
        subject: { memo: composed, reaction: { emoji, user: { id: viewer.id, username: viewer.username } } },
      },
    ]);
  });
  afterCommit(ctx, queued);
  return reactionsOf(db, viewer, [memoId]);
}

export async function removeReaction(ctx: AppContext, viewer: Viewer, memoId: number, emoji: string): Promise<Reaction[]> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId);
  authorizeReaction(viewer, memo);
  await deleteReaction(db, memoId, viewer.id, emoji);
  return reactionsOf(db, viewer, [memoId]);
}
