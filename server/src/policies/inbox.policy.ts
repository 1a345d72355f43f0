// Who hears of what: a member is told of a mention only in a memo they may read, and an inbox shows an item only
// while its memo is still readable by its owner (a memo made private since, or archived by another, drops out). An
// item about the account itself (its two-factor codes locked) is its owner's alone, and always shown to them.
import type { Role } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { forbidden } from "../errors.js";
import { requireSignedIn } from "./utils.js";
import { canReadMemo } from "./memo.policy.js";

type MemoFacts = Parameters<typeof canReadMemo>[1];

/** A user as the reader of a memo (the one named in it, the owner of an inbox). */
export const asReader = (user: { id: number; role: Role; username: string }): Actor => ({
  id: user.id,
  role: user.role,
  username: user.username,
  via: "session",
  sessionId: null,
});

/** Whether `user` is told of / shown something about `memo`: they may read it. */
export const mayHearOf = (user: Actor, memo: MemoFacts): boolean => canReadMemo(user, memo);

/** An inbox row as the policy sees it: about a memo (with its facts), or about the account (`memo_id` null). */
type InboxItemFacts =
  | { memo_id: null }
  | {
      memo_id: number;
      creator_id: number;
      visibility: MemoFacts["visibility"];
      row_status: MemoFacts["row_status"];
      space_id?: number | null;
    };

/** Whether the inbox's `owner` is shown the item: an account's item always, a memo's while they may read the memo. */
export const mayShowInboxItem = (owner: Actor, item: InboxItemFacts): boolean =>
  item.memo_id === null || mayHearOf(owner, { ...item, id: item.memo_id });

/** An inbox is its owner's alone: no one else reads or changes it, administrators included (401 signed out, else 403). */
export function authorizeInboxOwner(viewer: Viewer, ownerId: number): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (viewer.id !== ownerId) throw forbidden("Unauthorized: an inbox is its owner's alone");
}
