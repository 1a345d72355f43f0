// Live updates: once a change commits, a short note of it is appended to the live event log (store/live-log.ts), which
// every server process on the database follows; each open stream (GET /api/events, GET /api/v1/sse) passes on what its
// viewer may hear of (policies/live.policy.ts). A note carries what a stream needs to judge it and to name what changed
// (a memo's id, uid, author, visibility and state; a comment's id and uid; the user an account's change is for), never
// content: a client reads the change itself afterwards with its own credential.
import { LIVE_MEMO_EVENT_TYPES, type RowStatus, type Visibility } from "@memos/common";
import type { Transaction } from "kysely";
import type { AppContext } from "../context.js";
import type { Db } from "../store/db.js";
import type { LiveEventRow } from "../store/live-log.js";
import type { Database } from "../store/schema.js";
import { hasLiveEvent, liveEventsAfter } from "../store/sql/live-event.store.js";

/** What a note tells of a memo: enough to judge who may hear of it and to name it. */
export interface LiveMemo {
  id: number;
  uid: string;
  creator_id: number;
  visibility: Visibility;
  row_status: RowStatus;
}

/** The changes to a memo, its comments and its reactions: heard by whoever may read the memo. */
type MemoChangeType = (typeof LIVE_MEMO_EVENT_TYPES)[number];

/**
 * A change to a memo. `memo` is the memo as it is now (as it was, for one trashed); `comment` the comment the change
 * is about, if any; `before`, for an update, what the memo's audience was before it, so those who lost sight of it
 * hear too.
 */
export interface LiveMemoChange {
  type: MemoChangeType;
  memo: LiveMemo;
  comment?: { id: number; uid: string };
  before?: Pick<LiveMemo, "visibility" | "row_status">;
}

/** A change that concerns one account alone: heard by that user's own streams. */
type LiveAccountChange =
  /** An item came into the user's inbox, or items were marked or removed. */
  | { type: "inbox.created" | "inbox.updated"; userId: number }
  /** One of the user's settings (`key`) changed. */
  | { type: "user.settings.updated"; userId: number; key: string }
  /** The user renamed (or merged) a tag across their memos, shortcuts and tag list. */
  | { type: "tag.renamed"; userId: number; from: string; to: string }
  /** The user's import committed `memos` memos. */
  | { type: "import.finished"; userId: number; memos: number };

export type LiveChange = LiveMemoChange | LiveAccountChange;

const MEMO_TYPES = new Set<string>(LIVE_MEMO_EVENT_TYPES);
export const isMemoChange = (change: LiveChange): change is LiveMemoChange => MEMO_TYPES.has(change.type);

/** The facts of a memo row a note carries. */
export const liveMemo = (memo: LiveMemo): LiveMemo => ({
  id: memo.id,
  uid: memo.uid,
  creator_id: memo.creator_id,
  visibility: memo.visibility,
  row_status: memo.row_status,
});

/**
 * Tells every process's streams of `changes`, after their commit. Never throws or waits: a note that cannot be written
 * is logged and lost (its clients read afresh when they next reconnect), the change itself stands.
 */
export function publishLive(ctx: AppContext, changes: readonly LiveChange[]): void {
  if (changes.length === 0) return;
  ctx.store.live.append(changes.map((change) => JSON.stringify(change))).catch((error: unknown) => {
    console.warn(`memos: a live update was not sent: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** The changes noted inside each transaction of `liveTransaction`, published once it commits. */
const noted = new WeakMap<Db, LiveChange[]>();

/**
 * Runs `work` in a transaction; the changes noted in it (`noteLive`, by code deep inside it, such as the inbox's) are
 * published once it has committed, each once, and never when it rolls back.
 */
export async function liveTransaction<T>(ctx: AppContext, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  const changes: LiveChange[] = [];
  const result = await ctx.store.db.transaction().execute((tx) => {
    noted.set(tx, changes);
    return work(tx);
  });
  const seen = new Set<string>();
  publishLive(
    ctx,
    changes.filter((change) => {
      const key = JSON.stringify(change);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
  return result;
}

/** Notes a change of the transaction `tx`, to be told after its commit; `tx` must be one of `liveTransaction`. */
export function noteLive(tx: Db, change: LiveChange): void {
  const changes = noted.get(tx);
  if (!changes) throw new Error(`live change ${change.type} noted outside a live transaction`);
  changes.push(change);
}

/** Each row's change, parsed once however many streams of the process hear it; null for a body this version cannot read. */
const parsed = new WeakMap<LiveEventRow, LiveChange | null>();

export function changeOf(row: LiveEventRow): LiveChange | null {
  if (parsed.has(row)) return parsed.get(row)!;
  let change: LiveChange | null = null;
  try {
    const value = JSON.parse(row.body) as LiveChange;
    if (typeof value === "object" && value !== null && typeof value.type === "string") change = value;
  } catch {
    // A row another version wrote: not told.
  }
  parsed.set(row, change);
  return change;
}

/**
 * Follows the log until `stop`; `ready` resolves with the position from which every event reaches `listener` (those
 * with a greater id), and rejects when the log cannot be followed now.
 */
export function listenLive(ctx: AppContext, listener: { row(row: LiveEventRow, change: LiveChange): void; lost(): void }) {
  return ctx.store.live.listen({
    rows: (rows) => {
      for (const row of rows) {
        const change = changeOf(row);
        if (change) listener.row(row, change);
      }
    },
    lost: () => listener.lost(),
  });
}

/** The most events a stream that comes back is sent; past it, a `reset` (reading afresh costs less than replaying). */
const RESUME_MAX = 500;

/**
 * The events after `lastId` for a stream that comes back, oldest first; null when they cannot all be sent: `lastId`
 * is not in the log (trimmed, or never one of this database's), or more than RESUME_MAX came since.
 */
export async function eventsSince(ctx: AppContext, lastId: number): Promise<LiveEventRow[] | null> {
  const { db } = ctx.store;
  const [known, rows] = await Promise.all([hasLiveEvent(db, lastId), liveEventsAfter(db, lastId, RESUME_MAX + 1)]);
  return known && rows.length <= RESUME_MAX ? rows : null;
}
