// A kept version of a memo → the wire's MemoRevision.
import type { MemoRevision } from "@memos/common";
import type { MemoRevisionRow } from "../store/schema.js";
import { locationOf } from "../store/sql/memo/memo-location.js";

/** `tokenNames`: the names of the tokens that wrote versions, by id (a revoked or deleted token is left out). */
export function presentRevision(row: MemoRevisionRow, tokenNames: ReadonlyMap<number, string>): MemoRevision {
  const tokenName = row.token_id === null ? undefined : tokenNames.get(row.token_id);
  return {
    id: row.id,
    memoId: row.memo_id,
    content: row.content,
    visibility: row.visibility,
    location: locationOf(row),
    createdTs: Number(row.created_ts),
    replacedTs: Number(row.replaced_ts),
    source: row.source,
    ...(tokenName !== undefined && row.token_id !== null ? { accessToken: { id: row.token_id, name: tokenName } } : {}),
  };
}
