// Who sees and who gives reactions: a memo's reactions, and its comments', are seen by whoever may read the memo
// (visitors too, on a public memo); reacting takes an account and a memo the caller may read. An admin gains nothing
// here.
import { canReact } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { notFound, unauthenticated } from "../errors.js";
import { authorizeMemo, canReadMemo } from "./memo.policy.js";

type MemoFacts = Parameters<typeof canReadMemo>[1];

export const canSeeReactions = (viewer: Viewer, memo: MemoFacts): boolean => canReadMemo(viewer, memo);

/** 401 for whom common's canReact refuses (a visitor). */
function requireReactor(viewer: Viewer): asserts viewer is Actor {
  if (viewer === null || !canReact(viewer.id)) throw unauthenticated();
}

/** Throws the memo's read refusal (404/403), or 401 for a visitor; returns the acting member. */
export function authorizeReaction(viewer: Viewer, memo: MemoFacts): asserts viewer is Actor {
  authorizeMemo(viewer, "read", memo);
  requireReactor(viewer);
}

/**
 * Reacting to a comment: the same members as to its memo, but a comment of a memo the viewer may not read does not
 * exist for them (404, as on the comment's other routes: they learn nothing of the memo); 401 for a visitor.
 */
export function authorizeCommentReaction(viewer: Viewer, comment: { id: number }, memo: MemoFacts): asserts viewer is Actor {
  if (!canSeeReactions(viewer, memo)) throw notFound(`Comment not found: ${comment.id}`, { reason: "comment.not-found" });
  requireReactor(viewer);
}
