// The SQL of an import: what the account holds already at the archive's times (to skip what was imported
// before), and memos and shortcuts written with the times the archive gives. Files go through the resource
// service (services/resource.service.ts: storeResource), which stores bytes where uploads store them.
import { type MemoLocation, memoPropertyFlags, ROW_STATUSES, type RowStatus, type Visibility } from "@memos/common";
import { batches } from "../batches.js";
import { newMemoUid } from "./memo/memo-uid.js";
import { locationColumns } from "./memo/memo-location.js";
import type { Db } from "../db.js";
import { nowSeconds } from "../time.js";

/** Distinct values in batches: IN lists and multi-row inserts stay well under both engines' parameter limits. */
const chunks = <T>(values: T[]): T[][] => batches([...new Set(values)]);

/** The creator's memos created at any of `createdTimes` (idx_memo_creator_status_created), with their content. */
export async function listMemosCreatedAt(
  db: Db,
  creatorId: number,
  createdTimes: number[],
): Promise<Array<{ id: number; created_ts: number; content: string }>> {
  const rows: Array<{ id: number; created_ts: number; content: string }> = [];
  for (const times of chunks(createdTimes)) {
    rows.push(
      ...(await db
        .selectFrom("memo")
        .select(["id", "created_ts", "content"])
        .where("creator_id", "=", creatorId)
        .where("row_status", "in", [...ROW_STATUSES])
        .where("created_ts", "in", times)
        .execute()),
    );
  }
  return rows.map((row) => ({ id: row.id, created_ts: Number(row.created_ts), content: row.content }));
}

/** The creator's resources created at any of `createdTimes`: name, size and link, to recognise a file imported before. */
export async function listResourcesCreatedAt(
  db: Db,
  creatorId: number,
  createdTimes: number[],
): Promise<Array<{ created_ts: number; filename: string; size: number; external_link: string }>> {
  const rows: Array<{ created_ts: number; filename: string; size: number; external_link: string }> = [];
  for (const times of chunks(createdTimes)) {
    rows.push(
      ...(await db
        .selectFrom("resource")
        .select(["created_ts", "filename", "size", "external_link"])
        .where("creator_id", "=", creatorId)
        .where("created_ts", "in", times)
        .execute()),
    );
  }
  return rows.map((row) => ({ ...row, created_ts: Number(row.created_ts), size: Number(row.size) }));
}

export interface ImportedMemo {
  creator_id: number;
  content: string;
  visibility: Visibility;
  row_status: RowStatus;
  created_ts: number;
  updated_ts: number;
  /** By the creator's memoDisplayTsOption (store/sql/memo/display-time.ts), chosen by the caller. */
  display_ts: number;
  location: MemoLocation | null;
}

export async function insertImportedMemo(db: Db, { location, ...memo }: ImportedMemo): Promise<number> {
  const row = await db
    .insertInto("memo")
    .values({
      ...memo,
      ...locationColumns(location),
      uid: newMemoUid(),
      edit_source: "import",
      property_flags: memoPropertyFlags(memo.content),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ImportedComment {
  memo_id: number;
  creator_id: number;
  content: string;
  created_ts: number;
  updated_ts: number;
  resourceIds: number[];
}

/** Comments of imported memos: one INSERT each (their ids name their files), their files a chunk at a time. */
export async function insertImportedComments(db: Db, comments: readonly ImportedComment[]): Promise<void> {
  const files: Array<{ comment_id: number; resource_id: number }> = [];
  for (const { resourceIds, ...comment } of comments) {
    const row = await db.insertInto("memo_comment").values(comment).returning("id").executeTakeFirstOrThrow();
    for (const resource_id of new Set(resourceIds)) files.push({ comment_id: row.id, resource_id });
  }
  for (const chunk of batches(files)) await db.insertInto("memo_comment_resource").values(chunk).execute();
}

/** An imported memo's text once the memos it links to have ids (its tags do not change). */
export async function setImportedMemoContent(db: Db, id: number, content: string): Promise<void> {
  await db
    .updateTable("memo")
    .set({ content, property_flags: memoPropertyFlags(content) })
    .where("id", "=", id)
    .execute();
}

/** The tags, pins and file links of a batch of imported memos, one INSERT each (in chunks). */
export async function insertMemoExtras(
  db: Db,
  userId: number,
  extras: { tags: Array<{ memo_id: number; tag: string }>; pinned: number[]; links: Array<{ memo_id: number; resource_id: number }> },
): Promise<void> {
  for (const rows of chunks(extras.tags)) await db.insertInto("memo_tag").values(rows).execute();
  for (const ids of chunks(extras.pinned)) {
    await db
      .insertInto("memo_organizer")
      .values(ids.map((memo_id) => ({ memo_id, user_id: userId, pinned: 1 })))
      .execute();
  }
  // Links take the import's time (an export does not carry them); a memo lists its files by link time, then id.
  const now = nowSeconds();
  for (const rows of chunks(extras.links)) {
    await db
      .insertInto("memo_resource")
      .values(rows.map((row) => ({ ...row, created_ts: now, updated_ts: now })))
      .execute();
  }
}

export async function insertImportedShortcut(
  db: Db,
  shortcut: { creator_id: number; title: string; payload: string; row_status: RowStatus; created_ts: number; updated_ts: number },
): Promise<void> {
  await db.insertInto("shortcut").values(shortcut).execute();
}
