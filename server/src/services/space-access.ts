// Reading the caller's memberships of spaces, once a request needs them: before the memo policy judges memos of which
// one names a space (policies/memo.policy.ts reads them from the actor). A request that judges no memo of a space
// reads nothing, so no other route's statements change; one that forgets to read them refuses space memos to members.
import type { Viewer } from "../context.js";
import type { Db } from "../store/db.js";
import { findMemoFacts } from "../store/sql/memo/memo.store.js";
import { listSpaceRolesOfUser } from "../store/sql/space.store.js";

/** Reads the viewer's memberships when a memo of `memos` is in a space and they were not read yet for this request. */
export async function knowSpaceRoles(
  db: Db,
  viewer: Viewer,
  memos: ReadonlyArray<{ space_id?: number | null } | undefined>,
): Promise<void> {
  if (viewer === null || viewer.spaceRoles !== undefined) return;
  if (!memos.some((memo) => memo?.space_id != null)) return;
  viewer.spaceRoles = await listSpaceRolesOfUser(db, viewer.id);
}

/** The facts of the memos `ids` (findMemoFacts), the viewer's memberships read when one of them is in a space. */
export async function knownFacts(db: Db, viewer: Viewer, ids: readonly number[]) {
  const facts = await findMemoFacts(db, ids);
  await knowSpaceRoles(db, viewer, facts);
  return facts;
}
