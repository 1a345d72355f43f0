// What each bulk-edit action writes to the memos the policy let through (one batch of them at a time): set-based
// where the change is the same for every memo (archive, restore, pins, visibility, trash), memo by memo where each
// memo's text is rewritten (tags).
import {
  addTagsToContent,
  extractTags,
  MAX_MEMO_CONTENT_BYTES,
  MAX_MEMO_TAGS,
  type MemoBatch,
  type MemoBatchRefusal,
  removeTagsFromContent,
  type WebhookEvent,
} from "@memos/common";
import type { Actor } from "../context.js";
import type { MemoAction } from "../policies/memo.policy.js";
import type { Db, Engine } from "../store/db.js";
import type { MemoRow } from "../store/schema.js";
import { pinnedByUser, setPins, setRowStatus, setVisibility } from "../store/sql/memo/memo-batch.store.js";
import { replaceMemoTags, updateMemo } from "../store/sql/memo/memo.store.js";
import { upsertTags } from "../store/sql/tag.store.js";
import type { TimeSlices } from "./import/yield.js";
import { trashMemosIn } from "./trash.service.js";

/** What a step is given besides the memos: the transaction, who acts, the request, and the event loop's turns. */
export interface StepContext {
  tx: Db;
  engine: Engine;
  actor: Actor;
  input: MemoBatch;
  slices: TimeSlices;
}

/** What a step did to its memos: those it changed, and those it refused on their content (a text grown past a cap). */
export interface StepResult {
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
  write(step: StepContext, memos: MemoRow[]): Promise<StepResult>;
}

const changedOnly = (changed: number[]): StepResult => ({ changed, refused: [] });
const idsOf = (memos: MemoRow[]) => memos.map((memo) => memo.id);

/** The memo's text is rewritten and its tags indexed again, as PATCH with `content` does. */
async function writeContent(step: StepContext, memo: MemoRow, content: string): Promise<void> {
  await updateMemo(step.tx, memo.id, { content });
  const tags = extractTags(content);
  await replaceMemoTags(step.tx, memo.id, tags);
  await upsertTags(step.tx, memo.creator_id, tags);
}

/** Rewrites each memo's text with `rewrite`; a text that would pass the content caps is refused, as PATCH would. */
async function rewriteContents(step: StepContext, memos: MemoRow[], rewrite: (content: string) => string): Promise<StepResult> {
  const result: StepResult = { changed: [], refused: [] };
  for (const memo of memos) {
    const content = rewrite(memo.content);
    if (content === memo.content) continue;
    const refusal = contentRefusal(content);
    if (refusal) {
      result.refused.push({ id: memo.id, reason: refusal });
      continue;
    }
    await writeContent(step, memo, content);
    result.changed.push(memo.id);
    await step.slices.next();
  }
  return result;
}

/** The caps of memoCreateSchema's content, for a text the server wrote. */
function contentRefusal(content: string): MemoBatchRefusal | null {
  if (Buffer.byteLength(content, "utf8") > MAX_MEMO_CONTENT_BYTES) return "memo.content-too-long";
  if (extractTags(content).length > MAX_MEMO_TAGS) return "memo.too-many-tags";
  return null;
}

/** The memos move to the trash, as DELETE /api/memo/:memoId moves one. */
async function trashMemos(step: StepContext, memos: MemoRow[]): Promise<StepResult> {
  await trashMemosIn(step.tx, idsOf(memos));
  return changedOnly(idsOf(memos));
}

async function pinAll(step: StepContext, memos: MemoRow[], pinned: boolean): Promise<StepResult> {
  const current = await pinnedByUser(step.tx, step.actor.id, idsOf(memos));
  const changing = idsOf(memos).filter((id) => current.has(id) !== pinned);
  await setPins(step.tx, changing, step.actor.id, pinned);
  return changedOnly(changing);
}

export const BATCH_STEPS: Record<MemoBatch["action"], BatchStep> = {
  archive: {
    policy: "update",
    event: "memo.archived",
    write: async (step, memos) => changedOnly(await setRowStatus(step.tx, idsOf(memos), "NORMAL", "ARCHIVED")),
  },
  restore: {
    policy: "update",
    event: "memo.restored",
    write: async (step, memos) => changedOnly(await setRowStatus(step.tx, idsOf(memos), "ARCHIVED", "NORMAL")),
  },
  pin: { policy: "pin", event: "memo.pinned", write: (step, memos) => pinAll(step, memos, true) },
  unpin: { policy: "pin", event: "memo.unpinned", write: (step, memos) => pinAll(step, memos, false) },
  trash: { policy: "delete", event: "memo.deleted", composeBefore: true, write: trashMemos },
  visibility: {
    policy: "update",
    event: "memo.updated",
    write: async (step, memos) => changedOnly(await setVisibility(step.tx, idsOf(memos), step.input.visibility!)),
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
