// Who hears of a live change (the v1 event stream): whoever may read the memo it is about, now or, for an update,
// before it (so a memo made private leaves the lists of those who saw it). A comment's and a reaction's audience is
// their memo's. Nothing else is told: the note names the memo, and the client reads it with its own credential.
import type { Viewer } from "../context.js";
import type { LiveChange } from "../services/live-feed.js";
import { canReadMemo } from "./memo.policy.js";

export function mayHearLive(viewer: Viewer, change: LiveChange): boolean {
  const { memo, before } = change;
  if (canReadMemo(viewer, { id: 0, ...memo })) return true;
  return before !== undefined && canReadMemo(viewer, { id: 0, ...memo, ...before });
}
