import type { Resource } from "@memos/common";
import type { ResourceRow } from "../store/schema.js";

export function presentResource(row: ResourceRow, linkedMemoAmount = 0): Resource {
  return {
    id: row.id,
    creatorId: row.creator_id,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    filename: row.filename,
    externalLink: row.external_link,
    type: row.type,
    size: Number(row.size),
    linkedMemoAmount,
  };
}
