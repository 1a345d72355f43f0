// Finding a memo by id for a use case that acts on it (the memo and resource services), apart from the memo
// service so that any service may ask without depending on it.
import type { Viewer } from "../context.js";
import { notFound } from "../errors.js";
import type { Db } from "../store/db.js";
import { findMemoById, type MemoListRow } from "../store/sql/memo/memo.store.js";
import { knowSpaceRoles } from "./space-access.js";

/**
 * The memo `id`, or 404 with the wire's message. With `viewer`: who is about to be judged by the memo policy, whose
 * memberships of spaces are read when the memo is in one (space-access.ts).
 */
export async function requireMemo(db: Db, id: number, viewer?: Viewer): Promise<MemoListRow> {
  const memo = await findMemoById(db, id);
  if (!memo) throw notFound(`Memo ID not found: ${id}`, { reason: "memo.not-found" });
  if (viewer !== undefined) await knowSpaceRoles(db, viewer, [memo]);
  return memo;
}
