import type { Memo, Resource } from "@memos/common";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import type { UserRow } from "../store/schema.js";
import { PUBLIC_DISCLOSURE } from "../policies/user.policy.js";
import { presentUser } from "./user.presenter.js";
import { locationOf } from "../store/sql/memo/memo-location.js";

export function presentMemo(row: MemoListRow, creator: UserRow, resources: Resource[]): Memo {
  return {
    id: row.id,
    rowStatus: row.row_status,
    creatorId: row.creator_id,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    content: row.content,
    visibility: row.visibility,
    pinned: Number(row.pinned) === 1,
    displayTs: Number(row.display_ts),
    creator: presentUser(creator, PUBLIC_DISCLOSURE),
    resourceList: resources,
    location: locationOf(row),
    ...(row.space_id != null && { spaceId: row.space_id }),
  };
}
