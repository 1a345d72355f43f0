import type { CreatedMemoShare, MemoShare } from "@memos/common";
import type { MemoShareRow } from "../store/schema.js";

const sharePath = (token: string) => `/s/${token}`;

export function presentMemoShare(row: MemoShareRow): MemoShare {
  return {
    id: row.id,
    memoId: row.memo_id,
    createdTs: Number(row.created_ts),
    expiresTs: row.expires_ts === null ? null : Number(row.expires_ts),
    lastOpenedTs: row.last_opened_ts === null ? null : Number(row.last_opened_ts),
  };
}

/** The one answer that carries the token itself. */
export function presentCreatedMemoShare(row: MemoShareRow, token: string): CreatedMemoShare {
  return { id: row.id, token, url: sharePath(token), expiresTs: row.expires_ts === null ? null : Number(row.expires_ts) };
}
