// Reads for the data export (services/export.service.ts): a user's memos and resources in keyset pages (id
// order), so an archive of any size is written while holding one page of rows and one file at a time.
import { sql } from "kysely";
import { batches } from "../batches.js";
import type { Db } from "../db.js";
import { baseQuery } from "./memo/memo-filter.js";
import { PINNED } from "./memo/memo-walk.js";
import type { MemoListRow } from "./memo/memo.store.js";
import type { ResourceRow } from "../schema.js";

/** Rows per page of the export's reads. */
const EXPORT_PAGE_SIZE = 500;

/** The creator's memos after `afterId`, in id order, every row status, with the creator's pin. */
export function listMemosForExport(db: Db, creatorId: number, afterId: number, limit = EXPORT_PAGE_SIZE): Promise<MemoListRow[]> {
  return baseQuery(db)
    .selectAll("m")
    .select(PINNED.as("pinned"))
    .where("m.creator_id", "=", creatorId)
    .where("m.id", ">", afterId)
    .orderBy("m.id")
    .limit(limit)
    .execute();
}

/** The creator's memos among `ids` (a batch: at most BATCH_ROWS), in id order, every row status, with the creator's pin. */
export function listMemosForExportByIds(db: Db, creatorId: number, ids: readonly number[]): Promise<MemoListRow[]> {
  return baseQuery(db)
    .selectAll("m")
    .select(PINNED.as("pinned"))
    .where("m.creator_id", "=", creatorId)
    .where("m.id", "in", ids)
    .orderBy("m.id")
    .execute();
}

/** The tags of several memos, in one query. */
export async function listTagsOfMemos(db: Db, memoIds: number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>();
  if (memoIds.length === 0) return tags;
  const rows = await db.selectFrom("memo_tag").select(["memo_id", "tag"]).where("memo_id", "in", memoIds).orderBy("tag").execute();
  for (const row of rows) tags.set(row.memo_id, [...(tags.get(row.memo_id) ?? []), row.tag]);
  return tags;
}

/** The creator's resources after `afterId`, in id order, without their bytes. */
export function listResourcesForExport(db: Db, creatorId: number, afterId: number, limit = EXPORT_PAGE_SIZE): Promise<ResourceRow[]> {
  return db
    .selectFrom("resource")
    .select(["id", "creator_id", "created_ts", "updated_ts", "filename", "external_link", "type", "size", "internal_path", "uid"])
    .where("creator_id", "=", creatorId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The creator's resources among `ids` (a batch: at most BATCH_ROWS), in id order, without their bytes. */
export function listResourcesForExportByIds(db: Db, creatorId: number, ids: readonly number[]): Promise<ResourceRow[]> {
  return db
    .selectFrom("resource")
    .select(["id", "creator_id", "created_ts", "updated_ts", "filename", "external_link", "type", "size", "internal_path", "uid"])
    .where("creator_id", "=", creatorId)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
}

/** The creator's uploads (not external links) among `ids`: the files of the archive a page of memos may link to. */
export async function listUploadsByIds(db: Db, creatorId: number, ids: number[]): Promise<Array<Pick<ResourceRow, "id" | "filename">>> {
  const rows: Array<Pick<ResourceRow, "id" | "filename">> = [];
  for (const batch of batches([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom("resource")
        .select(["id", "filename"])
        .where("creator_id", "=", creatorId)
        .where("external_link", "=", "")
        .where("id", "in", batch)
        .execute()),
    );
  }
  return rows;
}

/** Every account, oldest first. */
export function listUsersForExport(db: Db) {
  return db.selectFrom("user").selectAll().orderBy("id").execute();
}

export interface ExportedCommentRow {
  id: number;
  memo_id: number;
  content: string;
  created_ts: number;
  updated_ts: number;
  /** 1 when the comment is on one of the writer's own memos (comments.jsonl's `ownMemo`). */
  own_memo: number;
}

/**
 * The writer's comments after `afterId`, in id order, each with whether its memo is theirs and the ids of its files
 * (two statements a page).
 */
export async function listCommentsForExport(
  db: Db,
  creatorId: number,
  afterId: number,
  limit = EXPORT_PAGE_SIZE,
): Promise<Array<ExportedCommentRow & { resourceIds: number[] }>> {
  const rows = (await db
    .selectFrom("memo_comment as c")
    .leftJoin("memo as m", (join) => join.onRef("m.id", "=", "c.memo_id").on("m.creator_id", "=", creatorId))
    .select([
      "c.id",
      "c.memo_id",
      "c.content",
      "c.created_ts",
      "c.updated_ts",
      sql<number>`CASE WHEN m.id IS NULL THEN 0 ELSE 1 END`.as("own_memo"),
    ])
    .where("c.creator_id", "=", creatorId)
    .where("c.id", ">", afterId)
    .orderBy("c.id")
    .limit(limit)
    .execute()) as ExportedCommentRow[];
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom("memo_comment_resource")
    .select(["comment_id", "resource_id"])
    .where(
      "comment_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("comment_id")
    .orderBy("resource_id")
    .execute();
  return rows.map((row) => ({ ...row, resourceIds: files.filter((file) => file.comment_id === row.id).map((file) => file.resource_id) }));
}
