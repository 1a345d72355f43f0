// The inbox as shown: reactions to one memo (or to one comment) in a row become one entry (who, which emoji),
// everything else one each.
import type { InboxItem } from "@memos/common";

export interface InboxEntry {
  /** The items it stands for, newest first. */
  items: InboxItem[];
  kind: InboxItem["kind"];
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

export function groupInbox(items: readonly InboxItem[]): InboxEntry[] {
  const entries: InboxEntry[] = [];
  for (const item of items) {
    const last = entries.at(-1);
    const sameTarget = last?.memoId === item.memoId && last.commentId === item.commentId;
    if (last && item.kind === "reaction" && last.kind === "reaction" && sameTarget) {
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
