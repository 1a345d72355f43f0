// What a `memos/{uid}` name refers to: one of our memos, or one of our comments (v1 shows a comment as a memo with a
// parent). Unknown, trashed (a memo in the trash, or a comment of one) or malformed names fail as v1 says.
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext } from "../context.js";
import { findCommentIdByUid } from "../store/sql/comment.store.js";
import { findMemoIdByUid } from "../store/sql/memo/memo-uid.js";
import { memoUidOf } from "./names.js";

export type MemoTarget = { kind: "memo"; id: number } | { kind: "comment"; id: number };

const memoNotFound = () => new ConnectError("memo not found", Code.NotFound);

/** The live memo a name refers to; a comment's name, a trashed or unknown memo is not found. */
export async function memoIdOf(ctx: AppContext, name: string, field: string): Promise<number> {
  const id = await findMemoIdByUid(ctx.store.db, memoUidOf(name, field));
  if (id === undefined) throw memoNotFound();
  return id;
}

/** The memo or the comment a name refers to (the services then judge whether the caller may see it). */
export async function memoTargetOf(ctx: AppContext, name: string, field: string): Promise<MemoTarget> {
  const uid = memoUidOf(name, field);
  const { db } = ctx.store;
  const memoId = await findMemoIdByUid(db, uid);
  if (memoId !== undefined) return { kind: "memo", id: memoId };
  const commentId = await findCommentIdByUid(db, uid);
  if (commentId !== undefined) return { kind: "comment", id: commentId };
  throw memoNotFound();
}
