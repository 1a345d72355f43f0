// Bulk edits (`POST /api/memo/batch`): one action on many memos in one transaction. The memos are read by id a batch
// at a time (one query per batch, never one per memo), each judged by the memo policy as its single route would
// judge it, the allowed ones changed by the action's step (memo-batch-steps.ts), and one webhook event queued per
// changed memo. The event loop gets a turn between those steps, so a selection of 10,000 memos does not hold other
// requests meanwhile (SQLite's commit of the whole transaction is the one step that does not take turns).
import type { Memo, MemoBatch, MemoBatchResult } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { memoBatchRefusal } from "../policies/memo.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import { batches } from "../store/batches.js";
import type { Db } from "../store/db.js";
import type { WebhookRow } from "../store/schema.js";
import { listMemosByIds } from "../store/sql/memo/memo-batch.store.js";
import { lockMemos } from "../store/sql/memo/memo.store.js";
import { TimeSlices } from "./import/yield.js";
import { BATCH_STEPS, type StepContext } from "./memo-batch-steps.js";
import { composeMemos } from "./memo-compose.js";
import { afterCommit, queueEvents, subscribedWebhooks } from "./webhook-events.js";
import { type LiveChange, liveMemo, liveTransaction, publishLive } from "./live-feed.js";

/** The memos as their webhook events carry them, composed as the single routes compose them. */
async function composed(db: Db, ids: readonly number[]): Promise<Memo[]> {
  if (ids.length === 0) return [];
  return composeMemos(db, await listMemosByIds(db, ids));
}

/**
 * Memos per batch. SQLite runs its statements on the main thread: a batch of 100 keeps each step of it (the
 * write, composing the events' memos, queueing their deliveries) well within the event loop's budget. PostgreSQL's
 * run elsewhere while the loop is free: fewer, larger statements.
 */
const BATCH_MEMOS = { sqlite: 100, postgres: 500 } as const;

const subjectsOf = (memos: Memo[]) => memos.map((memo) => ({ orderingKey: `memo:${memo.id}`, subject: { memo } }));

/** `input` is valid already (the route's schema, memoBatchSchema). */
export async function batchMemos(ctx: AppContext, viewer: Viewer, input: MemoBatch): Promise<MemoBatchResult> {
  requireSignedIn(viewer);
  const { engine } = ctx.store;
  const step = BATCH_STEPS[input.action];
  const ids = [...new Set(input.ids)];
  const result: MemoBatchResult = { changed: 0, refused: [] };
  const live: LiveChange[] = [];
  const queued = await liveTransaction(ctx, async (tx) => {
    const context: StepContext = { tx, engine, actor: viewer, input };
    const slices = new TimeSlices();
    const webhooks: WebhookRow[] = await subscribedWebhooks(tx, viewer, step.event);
    let any = false;
    for (const batch of batches(ids, BATCH_MEMOS[engine])) {
      const found = new Map((await lockMemos(tx, engine, batch)).map((memo) => [memo.id, memo]));
      const allowed = [];
      for (const id of batch) {
        const memo = found.get(id);
        const refusal = memoBatchRefusal(viewer, step.policy, memo);
        if (refusal) result.refused.push({ id, reason: refusal });
        else allowed.push(memo!);
      }
      await slices.next();
      const before =
        step.composeBefore && webhooks.length > 0
          ? await composed(
              tx,
              allowed.map((memo) => memo.id),
            )
          : [];
      const done = await step.write(context, allowed);
      const changedNow = new Set(done.changed);
      for (const memo of allowed) {
        if (!changedNow.has(memo.id)) continue;
        const before = { visibility: memo.visibility, row_status: memo.row_status };
        if (step.event === "memo.deleted") live.push({ type: "memo.trashed", memo: liveMemo(memo) });
        else live.push({ type: "memo.updated", memo: { ...liveMemo(memo), ...step.after?.(input) }, before });
      }
      result.changed += done.changed.length;
      result.refused.push(...done.refused);
      await slices.next();
      if (webhooks.length > 0) {
        const changed = new Set(done.changed);
        const memos = step.composeBefore ? before.filter((memo) => changed.has(memo.id)) : await composed(tx, done.changed);
        await slices.next();
        any = (await queueEvents(tx, viewer, step.event, webhooks, subjectsOf(memos))) || any;
        await slices.next();
      }
    }
    return any;
  });
  afterCommit(ctx, queued);
  publishLive(ctx, live);
  return result;
}
