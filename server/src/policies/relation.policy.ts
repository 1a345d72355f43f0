// Which memos a memo's Links and Referenced by show a viewer: exactly those canReadMemo lets them read, as a scope
// each related memo is judged by (a reference to a memo the viewer may not see is neither shown nor counted).
import type { Viewer } from "../context.js";
import type { RelatedScope } from "../store/sql/memo/relation.store.js";

/** Whether `scope` shows `memo`. */
export function scopeShows(scope: RelatedScope, memo: { creator_id: number; visibility: string; row_status: string }): boolean {
  return (
    memo.creator_id === scope.ownerId || (memo.row_status === "NORMAL" && (scope.shared as readonly string[]).includes(memo.visibility))
  );
}

/** The viewer's own memos (any status), and others' NORMAL memos: public, and protected to a member. */
export function relatedScope(viewer: Viewer): RelatedScope {
  if (viewer === null) return { ownerId: null, shared: ["PUBLIC"] };
  return { ownerId: viewer.id, shared: ["PUBLIC", "PROTECTED"] };
}
