// The inbox as shown: reactions to one memo (or to one comment) in a row become one entry (who, which emoji),
// everything else one each; an item about the account (its two-factor codes locked) is an entry of its own kind.
import type { InboxItem, MemoInboxItem } from "@memos/common";

export interface MemoInboxEntry {
  /** The items it stands for, newest first. */
  items: MemoInboxItem[];
  kind: MemoInboxItem["kind"];
  memoId: number;
  /** A reaction to the user's comment: that comment. */
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
