// An inbox row as the wire's item: about a memo (a bit of its text, or of the comment reacted to, and who did it), or
// about the account (until when its app codes are refused).
import type { InboxItem } from "@memos/common";
import type { listInboxItems } from "../store/sql/inbox.store.js";

export type InboxRow = Awaited<ReturnType<typeof listInboxItems>>[number];

const SNIPPET = 120;

export function snippetOf(content: string): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text;
}

export function presentInboxItem(row: InboxRow): InboxItem {
  const common = { id: row.id, createdTs: Number(row.created_ts), read: row.read_ts !== null };
  if (row.kind === "two-factor-locked") return { ...common, kind: row.kind, lockedUntilTs: Number(row.detail) };
  return {
    ...common,
    kind: row.kind,
    memoId: row.memo_id!,
    ...(row.comment_id !== null ? { commentId: row.comment_id } : {}),
    snippet: snippetOf(row.comment_content ?? row.content ?? ""),
    actor: { id: row.actor_id!, name: row.actor_nickname || row.actor_username || "" },
    ...(row.kind === "reaction" ? { emoji: row.detail } : {}),
  };
}
