// Who hears of a live change (GET /api/events, GET /api/v1/sse):
//   - a change to a memo, its comments or reactions: whoever may read the memo, now or, for an update, before it (so a
//     memo made private leaves the lists of those who saw it); the note names the memo, and the client reads it with
//     its own credential;
//   - a change that concerns one account (its inbox, its settings, its tag renamed, its import finished): that user's
//     own streams alone, whatever the credential they opened them with.
import type { Viewer } from "../context.js";
import { isMemoChange, type LiveChange } from "../services/live-feed.js";
import { canReadMemo } from "./memo.policy.js";
import { isSelf } from "./utils.js";

export function mayHearLive(viewer: Viewer, change: LiveChange): boolean {
  if (!isMemoChange(change)) return isSelf(viewer, change.userId);
  const { memo, before } = change;
  if (canReadMemo(viewer, memo)) return true;
  return before !== undefined && canReadMemo(viewer, { ...memo, ...before });
}
