// Turns a page of memo rows into wire memos with a fixed number of batched queries: creators, resources.
import type { Memo, Resource } from "@memos/common";
import { presentMemo } from "../presenters/memo.presenter.js";
import { presentResource } from "../presenters/resource.presenter.js";
import type { Db } from "../store/db.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import { listLinkedResources } from "../store/sql/resource.store.js";
import { findUsersByIds } from "../store/sql/user.store.js";

export async function composeMemos(db: Db, rows: MemoListRow[]): Promise<Memo[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [creators, links] = await Promise.all([
    findUsersByIds(
      db,
      rows.map((row) => row.creator_id),
    ),
    listLinkedResources(db, ids),
  ]);
  const resourcesByMemo = new Map<number, Resource[]>();
  for (const link of links) {
    // In a memo, a resource carries the link's timestamps (docs/v0-wire.md#memo).
    const resource = presentResource({ ...link, created_ts: link.link_created_ts, updated_ts: link.link_updated_ts });
    const list = resourcesByMemo.get(link.memo_id) ?? [];
    list.push(resource);
    resourcesByMemo.set(link.memo_id, list);
  }
  return rows.flatMap((row) => {
    const creator = creators.get(row.creator_id);
    // A memo whose creator is gone is an orphan the vacuum removes; it is not shown meanwhile.
    return creator ? [presentMemo(row, creator, resourcesByMemo.get(row.id) ?? [])] : [];
  });
}
