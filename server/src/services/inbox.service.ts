// The inbox: mentions, reactions and comments written where they happen (inside the change's transaction), read
// newest first with each item judged again, marked read.
import {
  extractMentions,
  usernameKey,
  DEFAULT_HISTORY_PAGE,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type InboxRead,
} from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { asReader, mayHearOf } from "../policies/inbox.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import type { Db } from "../store/db.js";
import { insertInboxItems, listInboxItems, markInboxRead, mentionsTold } from "../store/sql/inbox.store.js";
import { findUsersByUsernames } from "../store/sql/user.store.js";

type MemoFacts = { id: number; creator_id: number; visibility: "PUBLIC" | "PROTECTED" | "PRIVATE"; row_status: "NORMAL" | "ARCHIVED" };

/** Unread items counted up to this (the bell says 99+ past it). */
const UNREAD_CAP = 100;
const SNIPPET = 120;

/** A memo's text and the facts that decide who may read it, before or after a change. */
export interface MentionState {
  memo: MemoFacts;
  content: string;
}

/**
 * Tells the users each memo's text names, who may read it after the change and could not have been told before it
 * (not named, or not allowed to read it then): a new name, or a memo made visible to someone it named, tells them —
 * once per memo, ever; the writer is never told. A fixed number of statements for all the changes.
 */
export async function notifyMentionChanges(
  tx: Db,
  actor: Actor,
  changes: readonly { before?: MentionState; after: MentionState }[],
): Promise<void> {
  const named = changes.map(({ after }) => extractMentions(after.content));
  const users = await findUsersByUsernames(tx, [...new Set(named.flat())]);
  if (users.length === 0) return;
  const byName = new Map<string, (typeof users)[number]>();
  for (const user of users) byName.set(usernameKey(user.username), user);
  const items = changes.flatMap(({ before, after }, index) => {
    const earlier = new Set(before ? extractMentions(before.content).map(usernameKey) : []);
    return named[index]!.flatMap((name) => {
      const user = byName.get(usernameKey(name));
      if (!user || user.id === actor.id || user.row_status !== "NORMAL") return [];
      const reader = asReader(user);
      if (!mayHearOf(reader, after.memo)) return [];
      if (before && earlier.has(usernameKey(name)) && mayHearOf(reader, before.memo)) return [];
      return [{ user_id: user.id, kind: "mention" as const, memo_id: after.memo.id, actor_id: actor.id }];
    });
  });
  if (items.length === 0) return;
  await insertInboxItems(
    tx,
    once(
      items,
      await mentionsTold(
        tx,
        items.map((item) => item.memo_id),
      ),
    ),
  );
}

/** One item per user and memo, ever: two spellings of one name are one mention, and a memo tells someone once. */
function once<T extends { user_id: number; memo_id: number }>(items: T[], told: Set<string>): T[] {
  const seen = new Set(told);
  return items.filter((item) => {
    const key = `${item.user_id} ${item.memo_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** notifyMentionChanges for one memo: `before` is the memo as it was (none for a new memo or comment). */
export const notifyMentions = (tx: Db, actor: Actor, after: MentionState, before?: MentionState): Promise<void> =>
  notifyMentionChanges(tx, actor, [{ before, after }]);

/** Tells the memo's author of a reaction by someone else. */
export async function notifyReaction(tx: Db, actor: Actor, memo: MemoFacts, emoji: string): Promise<void> {
  if (memo.creator_id === actor.id) return;
  await insertInboxItems(tx, [{ user_id: memo.creator_id, kind: "reaction", memo_id: memo.id, actor_id: actor.id, detail: emoji }]);
}

/** Tells the memo's author of a comment by someone else. */
export async function notifyComment(tx: Db, actor: Actor, memo: MemoFacts, commentId: number): Promise<void> {
  if (memo.creator_id === actor.id) return;
  await insertInboxItems(tx, [
    { user_id: memo.creator_id, kind: "comment", memo_id: memo.id, actor_id: actor.id, detail: String(commentId) },
  ]);
}

function snippetOf(content: string): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text;
}

async function unreadCount(db: Db, owner: Actor): Promise<number> {
  const rows = await listInboxItems(db, owner.id, UNREAD_CAP, { unread: true });
  return rows.filter((row) => mayHearOf(owner, { ...row, id: row.memo_id })).length;
}

export async function listInbox(ctx: AppContext, viewer: Viewer, query: InboxQuery): Promise<InboxPage> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const rows = await listInboxItems(db, viewer.id, limit + 1, { beforeId: query.before, unread: query.unread === "true" });
  const page = rows.slice(0, limit);
  const items: InboxItem[] = page
    .filter((row) => mayHearOf(viewer, { ...row, id: row.memo_id }))
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      memoId: row.memo_id,
      snippet: snippetOf(row.content),
      actor: { id: row.actor_id, name: row.actor_nickname || row.actor_username },
      ...(row.kind === "reaction" ? { emoji: row.detail } : {}),
      createdTs: Number(row.created_ts),
      read: row.read_ts !== null,
    }));
  return { items, unread: await unreadCount(db, viewer), next: rows.length > limit ? page[page.length - 1]!.id : null };
}

export async function markRead(ctx: AppContext, viewer: Viewer, input: InboxRead): Promise<{ unread: number }> {
  requireSignedIn(viewer);
  await markInboxRead(ctx.store.db, viewer.id, "all" in input ? "all" : input.ids);
  return { unread: await unreadCount(ctx.store.db, viewer) };
}
