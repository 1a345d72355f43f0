// Turns a page of comment rows into wire comments with a fixed number of batched queries (files, reaction counts,
// first reactors), and finds a comment with its memo for a use case acting on it.
import type { Comment, CommentReaction } from "@memos/common";
import type { Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { presentComment } from "../presenters/comment.presenter.js";
import { presentResource } from "../presenters/resource.presenter.js";
import type { Db } from "../store/db.js";
import { type CommentRow, findComment, listCommentResources } from "../store/sql/comment.store.js";
import { findMemoById } from "../store/sql/memo/memo.store.js";
import { composeReactions } from "./reaction-compose.js";
import { knowSpaceRoles } from "./space-access.js";

/** The comments' reactions as the viewer sees them (`mine`), per comment and emoji. */
export async function commentReactions(db: Db, viewer: Viewer, commentIds: readonly number[]): Promise<CommentReaction[]> {
  const reactions = await composeReactions(db, viewer, "comment", commentIds);
  return reactions.map(({ targetId, ...reaction }) => ({ commentId: targetId, ...reaction }));
}

export async function composeComments(db: Db, viewer: Viewer, rows: CommentRow[]): Promise<Comment[]> {
  const ids = rows.map((row) => row.id);
  const [files, reactions] = await Promise.all([listCommentResources(db, ids), commentReactions(db, viewer, ids)]);
  return rows.map((row) =>
    presentComment(
      row,
      files.filter((file) => file.comment_id === row.id).map((file) => presentResource(file)),
      reactions.filter((reaction) => reaction.commentId === row.id),
    ),
  );
}

const commentNotFound = (id: number) => notFound(`Comment not found: ${id}`, { reason: "comment.not-found" });

export async function composeComment(db: Db, viewer: Viewer, id: number): Promise<Comment> {
  const row = await findComment(db, id);
  if (!row) throw commentNotFound(id);
  const [comment] = await composeComments(db, viewer, [row]);
  return comment as Comment;
}

/**
 * The comment and its memo's facts; 404 when either is gone (a memo in the trash hides its comments). With `viewer`,
 * their memberships of spaces are read when the memo is in one (space-access.ts).
 */
export async function requireComment(db: Db, id: number, viewer?: Viewer) {
  const comment = await findComment(db, id);
  const memo = comment && (await findMemoById(db, comment.memo_id));
  if (!comment || !memo) throw commentNotFound(id);
  if (viewer !== undefined) await knowSpaceRoles(db, viewer, [memo]);
  return { comment, memo };
}
