// Finding a memo by id for a use case that acts on it (the memo and resource services), apart from the memo
// service so that any service may ask without depending on it.
import { notFound } from "../errors.js";
import type { Db } from "../store/db.js";
import { findMemoById, type MemoListRow } from "../store/sql/memo/memo.store.js";

/** The memo `id`, or 404 with the wire's message. */
export async function requireMemo(db: Db, id: number): Promise<MemoListRow> {
  const memo = await findMemoById(db, id);
  if (!memo) throw notFound(`Memo ID not found: ${id}`, { reason: "memo.not-found" });
  return memo;
}
