// Who sees and who writes comments. A memo's comments are seen by exactly those who may read the memo (visitors
// too, on a public memo). Commenting takes an account that may read the memo and writes (not a read token), while
// the host has not turned comments off and the memo's author has not closed them. A comment's author edits it; its
// author or the memo's author deletes it; only the memo's author closes comments. An admin gains nothing here.
import { canCloseComments, canDeleteComment, canEditComment } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { authorizeMemo, canReadMemo } from "./memo.policy.js";
import { requireSignedIn } from "./utils.js";

type MemoFacts = Parameters<typeof canReadMemo>[1];
export type CommentAction = "edit" | "delete";

export const canSeeComments = (viewer: Viewer, memo: MemoFacts): boolean => canReadMemo(viewer, memo);

function requireWriter(viewer: Viewer): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (viewer.token?.scope === "read") throw forbidden("This access token is read-only", { reason: "auth.read-only-token" });
}

/** The memo's read refusal (404/403), 401 for a visitor, 403 for a read token or comments off or closed. */
export function authorizeComment(viewer: Viewer, memo: MemoFacts, state: { disabled: boolean; closed: boolean }): asserts viewer is Actor {
  authorizeMemo(viewer, "read", memo);
  requireWriter(viewer);
  if (state.disabled) throw forbidden("Comments are turned off on this instance", { reason: "comment.disabled" });
  if (state.closed) throw forbidden("Comments on this memo are closed", { reason: "comment.closed" });
}

/** A comment of a memo the viewer may not read does not exist for them (404); then its author edits, and deletes
 * as the memo's author does. */
export function authorizeCommentChange(
  viewer: Viewer,
  action: CommentAction,
  comment: { id: number; creator_id: number },
  memo: MemoFacts,
): asserts viewer is Actor {
  if (!canSeeComments(viewer, memo)) throw notFound(`Comment not found: ${comment.id}`, { reason: "comment.not-found" });
  requireWriter(viewer);
  const allowed =
    action === "edit"
      ? canEditComment(viewer.id, comment.creator_id)
      : canDeleteComment(viewer.id, { comment: comment.creator_id, memo: memo.creator_id });
  if (!allowed)
    throw forbidden(`Only the comment's author may ${action === "edit" ? "edit" : "delete"} it`, { reason: "comment.not-allowed" });
}

/** Closing or reopening a memo's comments: its author alone (another reader gets 403, others the memo's refusal). */
export function authorizeCommentClose(viewer: Viewer, memo: MemoFacts & { id: number }): asserts viewer is Actor {
  authorizeMemo(viewer, "read", memo);
  requireWriter(viewer);
  if (!canCloseComments(viewer.id, memo.creator_id))
    throw forbidden("Only the memo's author may close its comments", { reason: "memo.not-creator" });
}
