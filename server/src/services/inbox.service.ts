// The inbox: mentions, reactions and comments written where they happen (inside the change's transaction), read
// newest first with each item judged again, marked read.
import { extractMentions, DEFAULT_HISTORY_PAGE, type InboxItem, type InboxPage, type InboxQuery, type InboxRead } from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { asReader, mayHearOf } from "../policies/inbox.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import type { Db } from "../store/db.js";
import { insertInboxItems, listInboxItems, markInboxRead } from "../store/sql/inbox.store.js";
import { findUsersByUsernames } from "../store/sql/user.store.js";

type MemoFacts = { id: number; creator_id: number; visibility: "PUBLIC" | "PROTECTED" | "PRIVATE"; row_status: "NORMAL" | "ARCHIVED" };

/** Unread items counted up to this (the bell says 99+ past it). */
const UNREAD_CAP = 100;
const SNIPPET = 120;

/**
 * Tells the users `content` names (and `before` did not: an edit notifies the newly named only) — each one who may
 * read the memo, never its writer.
 */
export async function notifyMentions(tx: Db, actor: Actor, memo: MemoFacts, content: string, before = ""): Promise<void> {
  const earlier = new Set(extractMentions(before).map((name) => name.normalize("NFKC").toLowerCase()));
  const named = extractMentions(content).filter((name) => !earlier.has(name.normalize("NFKC").toLowerCase()));
  const users = await findUsersByUsernames(tx, named);
  const told = users.filter((user) => user.id !== actor.id && user.row_status === "NORMAL" && mayHearOf(asReader(user), memo));
  await insertInboxItems(
    tx,
    told.map((user) => ({ user_id: user.id, kind: "mention" as const, memo_id: memo.id, actor_id: actor.id })),
  );
}

/** Tells the author of the memo (or of its comment `comment`) of a reaction by someone else. */
export async function notifyReaction(
  tx: Db,
  actor: Actor,
  memo: MemoFacts,
  emoji: string,
  comment?: { id: number; creator_id: number },
): Promise<void> {
  const author = comment ? comment.creator_id : memo.creator_id;
  if (author === actor.id) return;
  await insertInboxItems(tx, [
    {
      user_id: author,
      kind: "reaction",
      memo_id: memo.id,
      actor_id: actor.id,
      detail: emoji,
      ...(comment ? { comment_id: comment.id } : {}),
    },
  ]);
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
      ...(row.comment_id !== null ? { commentId: row.comment_id } : {}),
      snippet: snippetOf(row.comment_content ?? row.content),
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
