// Live updates: once a change to memos, comments or reactions commits, a short note of it goes to every server
// process on the database (store/change-channel.ts), where each open event stream passes on what its viewer may
// read (policies/live.policy.ts). The notes carry what the stream needs to judge and name them (the memo's uid,
// author, visibility and state; a comment's uid), never content: a client reads the change itself afterwards.
import type { RowStatus, Visibility } from "@memos/common";
import type { AppContext } from "../context.js";
import { MAX_MESSAGE_BYTES } from "../store/change-channel.js";

/** memos' v1 event types, which its web client acts on. */
const LIVE_EVENT_TYPES = [
  "memo.created",
  "memo.updated",
  "memo.deleted",
  "memo.comment.created",
  "reaction.upserted",
  "reaction.deleted",
] as const;
type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** What a note tells of a memo: enough to judge who may hear of it and to name it. */
export interface LiveMemo {
  uid: string;
  creator_id: number;
  visibility: Visibility;
  row_status: RowStatus;
}

/**
 * One change. `memo` is the memo as it is now (as it was, for a deletion); `comment` the comment the change is about,
 * if any; `before`, for an update, what the memo's audience was before it, so those who lost sight of it hear too.
 */
export interface LiveChange {
  type: LiveEventType;
  memo: LiveMemo;
  comment?: { uid: string };
  before?: Pick<LiveMemo, "visibility" | "row_status">;
}

/** What a stream is told: each change, and that some may have been lost (its client should read afresh). */
export interface LiveListener {
  change(change: LiveChange): void;
  lost(): void;
}

/** The facts of a memo row a note carries. */
export const liveMemo = (memo: LiveMemo): LiveMemo => ({
  uid: memo.uid,
  creator_id: memo.creator_id,
  visibility: memo.visibility,
  row_status: memo.row_status,
});

/** The notes as texts under the channel's limit: JSON arrays of changes. */
function pack(changes: readonly LiveChange[]): string[] {
  const texts: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const change of changes) {
    const text = JSON.stringify(change);
    if (current.length > 0 && bytes + text.length + 1 > MAX_MESSAGE_BYTES) {
      texts.push(`[${current.join(",")}]`);
      current = [];
      bytes = 2;
    }
    current.push(text);
    bytes += text.length + 1;
  }
  if (current.length > 0) texts.push(`[${current.join(",")}]`);
  return texts;
}

/**
 * Tells every process's streams of `changes`, after their commit. Never throws or waits: a note that cannot be sent
 * is logged and lost (a client reads afresh when it reconnects), the change itself stands.
 */
export function publishLive(ctx: AppContext, changes: readonly LiveChange[]): void {
  if (changes.length === 0) return;
  ctx.store.changes.send(pack(changes)).catch((error: unknown) => {
    console.warn(`memos: a live update was not sent: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Listens to every process's notes until `stop`; `ready` resolves once notes sent from then on arrive. */
export function listenLive(ctx: AppContext, listener: LiveListener): { stop(): void; ready: Promise<void> } {
  return ctx.store.changes.listen({
    message: (text) => {
      let changes: LiveChange[];
      try {
        changes = JSON.parse(text) as LiveChange[];
      } catch {
        return;
      }
      if (!Array.isArray(changes)) return;
      for (const change of changes) listener.change(change);
    },
    lost: () => listener.lost(),
  });
}
