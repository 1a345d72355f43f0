// A related memo's row → the wire's RelatedMemo (a short preview: the start of its text, its time).
import type { RelatedMemo, RowStatus, Visibility } from "@memos/common";
import type { RelatedMemoRow } from "../store/sql/memo/relation.store.js";

export function presentRelatedMemo(row: RelatedMemoRow): RelatedMemo {
  return {
    id: row.id,
    creatorId: row.creator_id,
    creatorUsername: row.creator_username,
    snippet: row.snippet,
    displayTs: row.display_ts,
    visibility: row.visibility as Visibility,
    rowStatus: row.row_status as RowStatus,
  };
}
