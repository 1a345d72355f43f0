// A live change as memos' v1 event stream names it (GET /api/v1/sse): `{type, name, parent?}` in memos' terms, where a
// comment is a memo with its memo as `parent`, a trashed memo is deleted and a restored one created. `creatorId` (the
// memo's author, which memos' client ignores) lets our own readers of this stream refresh an author's calendar and
// counts only for that author's changes. What memos' stream has no event for (an account's own changes) is not sent.
import { isMemoChange, type LiveChange } from "../../services/live-feed.js";

interface V1LiveEvent {
  type: string;
  name: string;
  parent?: string;
  creatorId: number;
}

export function presentV1LiveEvent(change: LiveChange): V1LiveEvent | null {
  if (!isMemoChange(change)) return null;
  const memo = `memos/${change.memo.uid}`;
  const creatorId = change.memo.creator_id;
  const ofComment = (type: string) =>
    change.comment ? { type, name: `memos/${change.comment.uid}`, parent: memo, creatorId } : { type, name: memo, creatorId };
  switch (change.type) {
    case "memo.created":
    case "memo.restored":
      return { type: "memo.created", name: memo, creatorId };
    case "memo.updated":
      return { type: "memo.updated", name: memo, creatorId };
    case "memo.trashed":
      return { type: "memo.deleted", name: memo, creatorId };
    case "comment.created":
      return { type: "memo.comment.created", name: memo, creatorId };
    case "comment.updated":
      return ofComment("memo.updated");
    case "comment.deleted":
      return ofComment("memo.deleted");
    case "reaction.upserted":
    case "reaction.deleted":
      return ofComment(change.type);
  }
}
