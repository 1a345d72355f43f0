// What each bulk-edit action writes to the memos the policy let through (one batch of them at a time), a few
// statements per batch: archive, restore and pins set-based; visibility and texts through memo-revise.ts, each memo
// keeping the version it replaces; the trash through the trash service.
import { addTagsToContent, type MemoBatch, type MemoBatchRefusal, removeTagsFromContent, type WebhookEvent } from "@memos/common";
import type { Actor } from "../context.js";
import type { MemoAction } from "../policies/memo.policy.js";
import type { Db, Engine } from "../store/db.js";
import type { MemoRow } from "../store/schema.js";
import { pinnedByUser, setPins, setRowStatus } from "../store/sql/memo/memo-batch.store.js";
import { type EditOrigin, reviseMemoTexts, reviseMemoVisibilities } from "./memo-revise.js";
import { trashMemosIn } from "./trash.service.js";
import { notifyMentionChanges } from "./inbox.service.js";
import type { LiveMemo } from "./live-feed.js";

/** What a step is given besides the memos: the transaction, who acts, and the request. */
export interface StepContext {
  tx: Db;
  engine: Engine;
  actor: Actor;
  input: MemoBatch;
}

/** What a step did to its memos: those it changed, and those it refused on their content (a text grown past a cap). */
interface StepResult {
  changed: number[];
  refused: Array<{ id: number; reason: MemoBatchRefusal }>;
}

export interface BatchStep {
  /** What the memo policy judges each memo for. */
  policy: MemoAction;
  /** The webhook event of each changed memo, as the single route sends it. */
  event: WebhookEvent;
  /** The event carries the memo as it was (it is gone after the step). */
  composeBefore?: boolean;
  /** What the step makes of a memo's audience (its live note judges readers by it, and by what it was). */
  after?: (input: MemoBatch) => Partial<Pick<LiveMemo, "visibility" | "row_status">>;
  write(step: StepContext, memos: MemoRow[]): Promise<StepResult>;
}

const changedOnly = (changed: number[]): StepResult => ({ changed, refused: [] });
const idsOf = (memos: MemoRow[]) => memos.map((memo) => memo.id);

/** What the bulk edit writes, in each memo's history (services/memo-revise.ts). */
const originOf = (step: StepContext): EditOrigin => ({ source: "batch", tokenId: step.actor.token?.id ?? null });

/**
 * Rewrites each memo's text with `rewrite` and keeps the version it replaces; a memo whose text would pass the
 * content caps is refused with the cap's reason (as PATCH would refuse it) and left as it is (reviseMemoTexts).
 */
async function rewriteContents(step: StepContext, memos: MemoRow[], rewrite: (content: string) => string): Promise<StepResult> {
  const { revised, overCap } = await reviseMemoTexts(step.tx, step.engine, idsOf(memos), rewrite, originOf(step));
  const reasons = new Map(overCap.map(({ id, problem }) => [id, problem.reason]));
  // In the request's order, as the policy's refusals are.
  const refused = memos.flatMap((memo) => {
    const reason = reasons.get(memo.id);
    return reason ? [{ id: memo.id, reason }] : [];
  });
  return { changed: revised.map((memo) => memo.id), refused };
}

/** The memos move to the trash, as DELETE /api/memo/:memoId moves one. */
async function trashMemos(step: StepContext, memos: MemoRow[]): Promise<StepResult> {
  await trashMemosIn(step.tx, memos);
  return changedOnly(idsOf(memos));
}

async function pinAll(step: StepContext, memos: MemoRow[], pinned: boolean): Promise<StepResult> {
  const current = await pinnedByUser(step.tx, step.actor.id, idsOf(memos));
  const changing = idsOf(memos).filter((id) => current.has(id) !== pinned);
  await setPins(step.tx, changing, step.actor.id, pinned);
  return changedOnly(changing);
}

/** Those the changed memos name and who may read them only now are told, as an edit of one memo tells them. */
async function tellNewReaders(step: StepContext, memos: MemoRow[], changed: number[], change: Partial<MemoRow>): Promise<StepResult> {
  const changedIds = new Set(changed);
  await notifyMentionChanges(
    step.tx,
    step.actor,
    memos
      .filter((memo) => changedIds.has(memo.id))
      .map((memo) => ({ before: { memo, content: memo.content }, after: { memo: { ...memo, ...change }, content: memo.content } })),
  );
  return changedOnly(changed);
}

export const BATCH_STEPS: Record<MemoBatch["action"], BatchStep> = {
  archive: {
    policy: "update",
    event: "memo.archived",
    after: () => ({ row_status: "ARCHIVED" }),
    write: async (step, memos) => changedOnly(await setRowStatus(step.tx, idsOf(memos), "NORMAL", "ARCHIVED")),
  },
  restore: {
    policy: "update",
    event: "memo.restored",
    after: () => ({ row_status: "NORMAL" }),
    write: async (step, memos) =>
      tellNewReaders(step, memos, await setRowStatus(step.tx, idsOf(memos), "ARCHIVED", "NORMAL"), { row_status: "NORMAL" }),
  },
  pin: { policy: "pin", event: "memo.pinned", write: (step, memos) => pinAll(step, memos, true) },
  unpin: { policy: "pin", event: "memo.unpinned", write: (step, memos) => pinAll(step, memos, false) },
  trash: { policy: "delete", event: "memo.deleted", composeBefore: true, write: trashMemos },
  visibility: {
    policy: "update",
    event: "memo.updated",
    after: (input) => ({ visibility: input.visibility! }),
    write: async (step, memos) => {
      const visibility = step.input.visibility!;
      const changed = await reviseMemoVisibilities(step.tx, step.engine, idsOf(memos), visibility, originOf(step));
      return tellNewReaders(step, memos, changed, { visibility });
    },
  },
  addTags: {
    policy: "update",
    event: "memo.updated",
    write: (step, memos) => rewriteContents(step, memos, (content) => addTagsToContent(content, step.input.tags!)),
  },
  removeTags: {
    policy: "update",
    event: "memo.updated",
    write: (step, memos) => rewriteContents(step, memos, (content) => removeTagsFromContent(content, step.input.tags!)),
  },
};
