// Resource rows (the blob column is read only when a file is served) and their links to memos.
import { sql } from "kysely";
import { batches } from "../batches.js";
import type { Db } from "../db.js";
import type { ResourceRow } from "../schema.js";
import { deleteOwned, RESOURCE_OWNED } from "./owned-rows.js";
import { nowSeconds } from "../time.js";
import { newMemoUid } from "./memo/memo-uid.js";

export const RESOURCE_COLUMNS = [
  "r.id",
  "r.creator_id",
  "r.created_ts",
  "r.updated_ts",
  "r.filename",
  "r.external_link",
  "r.type",
  "r.size",
  "r.internal_path",
  "r.uid",
] as const;

export interface ResourceWithLinks extends ResourceRow {
  linked_memo_amount: number;
}

export async function listResourcesOfCreator(db: Db, creatorId: number): Promise<ResourceWithLinks[]> {
  const rows = await db
    .selectFrom("resource as r")
    .select(RESOURCE_COLUMNS)
    // A file attached to a comment is in use too ("clear unused" must not take it).
    .select(
      sql<number>`(SELECT count(*) FROM memo_resource mr WHERE mr.resource_id = r.id) + (SELECT count(*) FROM memo_comment_resource cr WHERE cr.resource_id = r.id)`.as(
        "linked_memo_amount",
      ),
    )
    .where("r.creator_id", "=", creatorId)
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, linked_memo_amount: Number(row.linked_memo_amount) }));
}

export function findResourceById(db: Db, id: number): Promise<ResourceRow | undefined> {
  return db.selectFrom("resource as r").select(RESOURCE_COLUMNS).where("r.id", "=", id).executeTakeFirst();
}

export async function findResourcesByIds(db: Db, ids: number[]): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (const batch of batches([...new Set(ids)]))
    rows.push(...(await db.selectFrom("resource as r").select(RESOURCE_COLUMNS).where("r.id", "in", batch).execute()));
  return rows;
}

export interface NewResource {
  creator_id: number;
  filename: string;
  external_link: string;
  type: string;
  size: number;
  blob: Buffer | null;
  /** Now, unless given (an import keeps the archive's times). */
  created_ts?: number;
  updated_ts?: number;
  internal_path?: string;
  /** Its v1 name's id (`attachments/{uid}`), as a client chose it; a random one otherwise. */
  uid?: string;
}

export async function insertResource(db: Db, resource: NewResource): Promise<ResourceRow> {
  const now = nowSeconds();
  const { id } = await db
    .insertInto("resource")
    .values({ created_ts: now, updated_ts: now, uid: newMemoUid(), ...resource })
    .returning("id")
    .executeTakeFirstOrThrow();
  return (await findResourceById(db, id))!;
}

/** Records that the bytes of resource `id` are the file `internalPath` (under <data>/assets), not a blob. */
export async function setResourceFile(db: Db, id: number, internalPath: string): Promise<void> {
  await db.updateTable("resource").set({ internal_path: internalPath, blob: null }).where("id", "=", id).execute();
}

/** The files of the creator's resources (a deleted account's, removed after its transaction commits). */
export async function listAssetPathsOfCreator(db: Db, creatorId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("resource")
    .select("internal_path")
    .where("creator_id", "=", creatorId)
    .where("internal_path", "<>", "")
    .execute();
  return rows.map((row) => row.internal_path);
}

/** The files of resources whose creator is gone (the vacuum removes those rows). */
export async function listOrphanAssetPaths(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("resource")
    .select("internal_path")
    .where("internal_path", "<>", "")
    .where("creator_id", "not in", db.selectFrom("user").select("id"))
    .execute();
  return rows.map((row) => row.internal_path);
}

export async function renameResource(db: Db, id: number, filename: string): Promise<void> {
  await db.updateTable("resource").set({ filename, updated_ts: nowSeconds() }).where("id", "=", id).execute();
}

/** Removes the resource and its memo and comment links (RESOURCE_OWNED); the memos stay. Run inside a transaction. */
export async function deleteResourceCascade(db: Db, id: number): Promise<void> {
  for (const owned of RESOURCE_OWNED) await deleteOwned(db, owned, "=", id);
  await db.deleteFrom("resource").where("id", "=", id).execute();
}

export async function linkResources(db: Db, memoId: number, resourceIds: number[]): Promise<void> {
  const now = nowSeconds();
  for (const batch of batches([...new Set(resourceIds)])) {
    await db
      .insertInto("memo_resource")
      .values(batch.map((resourceId) => ({ memo_id: memoId, resource_id: resourceId, created_ts: now, updated_ts: now })))
      .onConflict((oc) => oc.columns(["memo_id", "resource_id"]).doUpdateSet({ updated_ts: now }))
      .execute();
  }
}

export async function unlinkResource(db: Db, memoId: number, resourceId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("memo_resource")
    .where("memo_id", "=", memoId)
    .where("resource_id", "=", resourceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface LinkedResource extends ResourceRow {
  memo_id: number;
  link_created_ts: number;
  link_updated_ts: number;
}

/** The resources of several memos in one query, in the wire's order (link time, then resource id). */
export async function listLinkedResources(db: Db, memoIds: number[]): Promise<LinkedResource[]> {
  if (memoIds.length === 0) return [];
  return db
    .selectFrom("memo_resource as mr")
    .innerJoin("resource as r", "r.id", "mr.resource_id")
    .select(RESOURCE_COLUMNS)
    .select(["mr.memo_id", "mr.created_ts as link_created_ts", "mr.updated_ts as link_updated_ts"])
    .where("mr.memo_id", "in", [...new Set(memoIds)])
    .orderBy("mr.created_ts")
    .orderBy("r.id")
    .execute();
}

/** The id of the resource with this uid (its v1 name, `attachments/{uid}`). */
export async function findResourceIdByUid(db: Db, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom("resource").select("id").where("uid", "=", uid).executeTakeFirst();
  return row?.id;
}

/** The ids of the resources with these uids, by uid (one query through the uid index); unknown uids are absent. */
export async function findResourceIdsByUids(db: Db, uids: readonly string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom("resource")
    .select(["id", "uid"])
    .where("uid", "in", [...new Set(uids)])
    .execute();
  return new Map(rows.map((row) => [row.uid, row.id]));
}

/** The uids of these resources, by id (one query by primary key). */
export async function resourceUidsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("resource")
    .select(["id", "uid"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.uid]));
}

/**
 * For each of these resources linked to a memo, the uid of the first memo (by id) it is linked to: the one v1 names
 * as its `memo` (a resource may be linked to several here; an attachment there belongs to one).
 */
export async function firstLinkedMemoUidsOf(db: Db, resourceIds: readonly number[]): Promise<Map<number, string>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("memo_resource as mr")
    .innerJoin("memo as m", "m.id", "mr.memo_id")
    .select(["mr.resource_id", "m.uid", "m.id"])
    .where("mr.resource_id", "in", [...new Set(resourceIds)])
    .orderBy("m.id")
    .execute();
  const first = new Map<number, string>();
  for (const row of rows) if (!first.has(row.resource_id)) first.set(row.resource_id, row.uid);
  return first;
}
