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
import { asReader, authorizeInboxOwner, mayHearOf, mayShowInboxItem } from "../policies/inbox.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import { type InboxRow, presentInboxItem } from "../presenters/inbox.presenter.js";
import type { Db } from "../store/db.js";
import type { InboxKind } from "../store/schema.js";
import { notFound } from "../errors.js";
import {
  deleteInboxItem,
  findInboxItem,
  insertAccountInboxItem,
  insertInboxItems,
  listInboxItems,
  markInboxRead,
  markInboxUnread,
  mentionsTold,
} from "../store/sql/inbox.store.js";
import { listSpaceRolesOfUsers } from "../store/sql/space.store.js";
import { findUsersByUsernames } from "../store/sql/user.store.js";
import { noteLive, publishLive } from "./live-feed.js";
import { knowSpaceRoles } from "./space-access.js";

type MemoFacts = {
  id: number;
  creator_id: number;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  row_status: "NORMAL" | "ARCHIVED";
  space_id?: number | null;
};

/** Unread items counted up to this (the bell says 99+ past it). */
const UNREAD_CAP = 100;

/** A memo's (or a comment's) text and the facts of the memo that decide who may read it, before or after a change. */
export interface MentionState {
  memo: MemoFacts;
  content: string;
}

type MentionChange = { before?: MentionState; after: MentionState };

/** The mention items of the changes: those named who may read the memo after it and could not have been told before. */
async function mentionItems(tx: Db, actor: Actor, changes: readonly MentionChange[]) {
  const named = changes.map(({ after }) => extractMentions(after.content));
  const users = await findUsersByUsernames(tx, [...new Set(named.flat())]);
  const byName = new Map(users.map((user) => [usernameKey(user.username), user]));
  // Those named in a memo of a space hear of it as its members (policies/memo.policy.ts): their roles in those spaces.
  const spaceIds = [...new Set(changes.flatMap(({ after }) => (after.memo.space_id != null ? [after.memo.space_id] : [])))];
  const roles =
    spaceIds.length > 0 && users.length > 0
      ? await listSpaceRolesOfUsers(
          tx,
          users.map((user) => user.id),
          spaceIds,
        )
      : new Map();
  return changes.flatMap(({ before, after }, index) => {
    const earlier = new Set(before ? extractMentions(before.content).map(usernameKey) : []);
    return named[index]!.flatMap((name) => {
      const user = byName.get(usernameKey(name));
      if (!user || user.id === actor.id || user.row_status !== "NORMAL") return [];
      const reader = { ...asReader(user), spaceRoles: roles.get(user.id) ?? new Map() };
      if (!mayHearOf(reader, after.memo)) return [];
      if (before && earlier.has(usernameKey(name)) && mayHearOf(reader, before.memo)) return [];
      return [{ user_id: user.id, kind: "mention" as const, memo_id: after.memo.id, actor_id: actor.id }];
    });
  });
}

/**
 * Tells the users each memo's text names, who may read it after the change and could not have been told before it
 * (not named, or not allowed to read it then): a new name, or a memo made visible to someone it named, tells them —
 * once per memo, ever; the writer is never told. A fixed number of statements for all the changes.
 */
export async function notifyMentionChanges(tx: Db, actor: Actor, changes: readonly MentionChange[]): Promise<void> {
  const items = await mentionItems(tx, actor, changes);
  if (items.length === 0) return;
  await addItems(
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

/** Writes the items inside `tx` and tells each receiver's streams once it commits (the transaction's `liveTransaction`). */
async function addItems(tx: Db, items: Parameters<typeof insertInboxItems>[1]): Promise<void> {
  await insertInboxItems(tx, items);
  for (const userId of new Set(items.map((item) => item.user_id))) noteLive(tx, { type: "inbox.created", userId });
}

/** One item per user and memo: two spellings of one name are one mention, and `told` ones are not told again. */
function once<T extends { user_id: number; memo_id: number }>(items: T[], told = new Set<string>()): T[] {
  const seen = new Set(told);
  return items.filter((item) => {
    const key = `${item.user_id} ${item.memo_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** notifyMentionChanges for one memo: `before` is the memo as it was (none for a new memo). */
export const notifyMentions = (tx: Db, actor: Actor, after: MentionState, before?: MentionState): Promise<void> =>
  notifyMentionChanges(tx, actor, [{ before, after }]);

/**
 * Tells those a comment names anew (who may read its memo): each comment is its own mention, whatever the memo or
 * other comments told them; the item names the comment.
 */
export async function notifyCommentMentions(
  tx: Db,
  actor: Actor,
  commentId: number,
  after: MentionState,
  before?: MentionState,
): Promise<void> {
  const items = once(await mentionItems(tx, actor, [{ before, after }]));
  await addItems(
    tx,
    items.map((item) => ({ ...item, comment_id: commentId })),
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
  await addItems(tx, [
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
  await addItems(tx, [
    { user_id: memo.creator_id, kind: "comment", memo_id: memo.id, actor_id: actor.id, detail: String(commentId), comment_id: commentId },
  ]);
}

/**
 * Tells the account's owner that its app codes are refused until `untilTs` (too many wrong codes): one item per lock,
 * written in the lock's transaction.
 */
export async function notifyTwoFactorLocked(tx: Db, userId: number, untilTs: number): Promise<void> {
  await insertAccountInboxItem(tx, { user_id: userId, kind: "two-factor-locked", detail: String(untilTs) });
  noteLive(tx, { type: "inbox.created", userId });
}

/** The row's facts for the inbox policy: an account's item, or a memo's (whose facts the join found). */
const factsOf = (row: InboxRow) =>
  row.memo_id === null
    ? { memo_id: null }
    : {
        memo_id: row.memo_id,
        creator_id: row.creator_id!,
        visibility: row.visibility!,
        row_status: row.row_status!,
        space_id: row.space_id,
      };

async function unreadCount(db: Db, owner: Actor): Promise<number> {
  const rows = await listInboxItems(db, owner.id, UNREAD_CAP, { unread: true });
  await knowSpaceRoles(db, owner, rows);
  return rows.filter((row) => mayShowInboxItem(owner, factsOf(row))).length;
}

export async function listInbox(ctx: AppContext, viewer: Viewer, query: InboxQuery): Promise<InboxPage> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const limit = query.limit ?? DEFAULT_HISTORY_PAGE;
  const rows = await listInboxItems(db, viewer.id, limit + 1, { beforeId: query.before, unread: query.unread === "true" });
  const page = rows.slice(0, limit);
  await knowSpaceRoles(db, viewer, page);
  const items: InboxItem[] = page.filter((row) => mayShowInboxItem(viewer, factsOf(row))).map(presentInboxItem);
  return { items, unread: await unreadCount(db, viewer), next: rows.length > limit ? page[page.length - 1]!.id : null };
}

export async function markRead(ctx: AppContext, viewer: Viewer, input: InboxRead): Promise<{ unread: number }> {
  requireSignedIn(viewer);
  await markInboxRead(ctx.store.db, viewer.id, "all" in input ? "all" : input.ids);
  publishLive(ctx, [{ type: "inbox.updated", userId: viewer.id }]);
  return { unread: await unreadCount(ctx.store.db, viewer) };
}

/**
 * A page of `ownerId`'s items of `kinds` (the owner alone may read it), newest first before `beforeId`, the rows
 * as stored; `next` is where the following page starts (the page's last id), null after the last.
 */
export async function listInboxRows(
  ctx: AppContext,
  viewer: Viewer,
  ownerId: number,
  query: { kinds: readonly InboxKind[]; beforeId?: number; limit: number },
): Promise<{ rows: InboxRow[]; next: number | null }> {
  authorizeInboxOwner(viewer, ownerId);
  const rows = await listInboxItems(ctx.store.db, ownerId, query.limit + 1, { beforeId: query.beforeId, kinds: query.kinds });
  const page = rows.slice(0, query.limit);
  await knowSpaceRoles(ctx.store.db, viewer, page);
  return {
    rows: page.filter((row) => mayShowInboxItem(viewer, factsOf(row))),
    next: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** One of the owner's items the owner is shown; any other (not theirs, gone, its memo hidden from them) is not found. */
async function shownItem(ctx: AppContext, viewer: Viewer, ownerId: number, id: number): Promise<InboxRow> {
  authorizeInboxOwner(viewer, ownerId);
  const row = await findInboxItem(ctx.store.db, ownerId, id);
  await knowSpaceRoles(ctx.store.db, viewer, [row]);
  if (!row || !mayShowInboxItem(viewer, factsOf(row))) throw notFound(`Inbox item not found: ${id}`, { reason: "inbox.not-found" });
  return row;
}

/** Marks one item read or not read again; the item as it now is. */
export async function setInboxItemRead(ctx: AppContext, viewer: Viewer, ownerId: number, id: number, read: boolean): Promise<InboxRow> {
  await shownItem(ctx, viewer, ownerId, id);
  if (read) await markInboxRead(ctx.store.db, ownerId, [id]);
  else await markInboxUnread(ctx.store.db, ownerId, id);
  publishLive(ctx, [{ type: "inbox.updated", userId: ownerId }]);
  return shownItem(ctx, viewer, ownerId, id);
}

export async function removeInboxItem(ctx: AppContext, viewer: Viewer, ownerId: number, id: number): Promise<void> {
  await shownItem(ctx, viewer, ownerId, id);
  await deleteInboxItem(ctx.store.db, ownerId, id);
  publishLive(ctx, [{ type: "inbox.updated", userId: ownerId }]);
}
