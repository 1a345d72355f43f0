// The inbox as shown: reactions to one memo (or to one comment) in a row become one entry (who, which emoji),
// everything else one each; an item about the account (its two-factor codes locked) is an entry of its own kind.
import type { InboxItem, MemoInboxItem } from "@memos/common";
import { commentAnchor } from "../Comments/commentAnchor";

export interface MemoInboxEntry {
  /** The items it stands for, newest first. */
  items: MemoInboxItem[];
  kind: MemoInboxItem["kind"];
  memoId: number;
  /** The comment it is about: a comment on the user's memo, a mention in a comment, a reaction to the user's comment. */
  commentId?: number;
  snippet: string;
  /** Who, each once, newest first. */
  actors: string[];
  emojis: string[];
  createdTs: number;
  read: boolean;
}

/** Too many wrong two-factor codes for the account: its app codes are refused until `lockedUntilTs`. */
interface AccountInboxEntry {
  items: InboxItem[];
  kind: "two-factor-locked";
  lockedUntilTs: number;
  createdTs: number;
  read: boolean;
}

export type InboxEntry = MemoInboxEntry | AccountInboxEntry;

/** What a memo's entry says happened (`inbox.<key>`): a comment's mention, reaction and the comment itself each have theirs. */
export type InboxMessageKey = "mention" | "comment-mention" | "reaction" | "comment-reaction" | "comment";

export function inboxMessageKey(entry: Pick<MemoInboxEntry, "kind" | "commentId">): InboxMessageKey {
  if (entry.kind === "comment") return "comment";
  if (entry.commentId === undefined) return entry.kind;
  return entry.kind === "mention" ? "comment-mention" : "comment-reaction";
}

/** Where a memo's entry opens: the memo's page, at the comment when it is about one. */
export const inboxEntryPath = (entry: Pick<MemoInboxEntry, "memoId" | "commentId">): string =>
  `/m/${entry.memoId}${entry.commentId === undefined ? "" : `#${commentAnchor(entry.commentId)}`}`;

export function groupInbox(items: readonly InboxItem[]): InboxEntry[] {
  const entries: InboxEntry[] = [];
  for (const item of items) {
    if (item.kind === "two-factor-locked") {
      entries.push({ items: [item], kind: item.kind, lockedUntilTs: item.lockedUntilTs, createdTs: item.createdTs, read: item.read });
      continue;
    }
    const last = entries.at(-1);
    if (last && last.kind === "reaction" && item.kind === "reaction" && last.memoId === item.memoId && last.commentId === item.commentId) {
      last.items.push(item);
      if (!last.actors.includes(item.actor.name)) last.actors.push(item.actor.name);
      if (item.emoji && !last.emojis.includes(item.emoji)) last.emojis.push(item.emoji);
      last.read &&= item.read;
      continue;
    }
    entries.push({
      items: [item],
      kind: item.kind,
      memoId: item.memoId,
      ...(item.commentId === undefined ? {} : { commentId: item.commentId }),
      snippet: item.snippet,
      actors: [item.actor.name],
      emojis: item.emoji ? [item.emoji] : [],
      createdTs: item.createdTs,
      read: item.read,
    });
  }
  return entries;
}
