// A live change as an event of GET /api/events: our ids (the memo, the comment), and for an account's own changes what
// that user may see of them; never content.
import type { LiveEventData } from "@memos/common";
import { isMemoChange, type LiveChange } from "../services/live-feed.js";

export function presentLiveEvent(change: LiveChange): LiveEventData {
  if (isMemoChange(change)) {
    const { type, memo, comment } = change;
    return { type, memoId: memo.id, creatorId: memo.creator_id, ...(comment && { commentId: comment.id }) };
  }
  switch (change.type) {
    case "inbox.created":
    case "inbox.updated":
      return { type: change.type };
    case "user.settings.updated":
      return { type: change.type, key: change.key };
    case "tag.renamed":
      return { type: change.type, from: change.from, to: change.to };
    case "import.finished":
      return { type: change.type, memos: change.memos };
  }
}
