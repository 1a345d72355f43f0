// Who sees and who gives reactions: a memo's reactions are seen by whoever may read the memo (visitors too, on a
// public memo); reacting takes an account and a memo the caller may read. An admin gains nothing here.
import type { Actor, Viewer } from "../context.js";
import { authorizeMemo, canReadMemo } from "./memo.policy.js";
import { requireSignedIn } from "./utils.js";

type MemoFacts = Parameters<typeof canReadMemo>[1];

export const canSeeReactions = (viewer: Viewer, memo: MemoFacts): boolean => canReadMemo(viewer, memo);

/** Throws the memo's read refusal (404/403), or 401 for a visitor; returns the acting member. */
export function authorizeReaction(viewer: Viewer, memo: MemoFacts): asserts viewer is Actor {
  authorizeMemo(viewer, "read", memo);
  requireSignedIn(viewer);
}
