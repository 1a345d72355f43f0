// Comment rows → the API's Comment: its author's public names, its files and its reactions.
import type { Comment, CommentReaction, Resource } from "@memos/common";
import type { CommentRow } from "../store/sql/comment.store.js";

export function presentComment(row: CommentRow, resources: Resource[], reactions: CommentReaction[]): Comment {
  return {
    id: row.id,
    memoId: row.memo_id,
    creator: { id: row.creator_id, username: row.username, nickname: row.nickname },
    content: row.content,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    resourceList: resources,
    reactions,
  };
}
