// Resources: uploads and external links, their memo links, and who may read their files.
import { isValidResourceFilename, type Resource, type ResourceCreate, type ResourcePatch, sanitizeUploadFilename } from "@memos/common";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, type ErrorLog, notFound, tooLarge } from "../errors.js";
import { authorizeMemo, canReadMemo } from "../policies/memo.policy.js";
import { authorizeResource, authorizeResourceLink, canReadResourceFile, type ResourceAction } from "../policies/resource.policy.js";
import { presentResource } from "../presenters/resource.presenter.js";
import type { Db } from "../store/db.js";
import { findMemoFactsOfResource } from "../store/memo.store.js";
import {
  deleteResourceCascade,
  findResourceById,
  insertResource,
  linkResources,
  listLinkedResources,
  listResourcesOfCreator,
  renameResource,
  setResourceFile,
  unlinkResource,
} from "../store/resource.store.js";
import {
  AssetTooLarge,
  assetPathFor,
  type IncomingAsset,
  openResourceBytes,
  receiveAsset,
  removeAssets,
  type ResourceBytes,
  writeAsset,
} from "../store/resource-bytes.js";
import type { ResourceRow } from "../store/schema.js";
import { requireMemo } from "./memo-access.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";
import { requireSignedIn } from "../policies/utils.js";

async function requireResource(db: Db, id: number): Promise<ResourceRow> {
  const resource = await findResourceById(db, id);
  if (!resource) throw notFound(`Resource not found: ${id}`);
  return resource;
}

/**
 * The resource `id`, when `viewer` may do `action` to it; 404 otherwise. PATCH asks it before the body is
 * validated too (v0 answered it before a 400).
 */
export async function authorizedResource(ctx: AppContext, viewer: Viewer, id: number, action: ResourceAction): Promise<ResourceRow> {
  const resource = await requireResource(ctx.store.db, id);
  authorizeResource(viewer, action, resource);
  return resource;
}

/** An uploaded or linked file's name, made safe by the one file-name rule (common's validation). */
function cleanUploadFilename(raw: string): string {
  const name = sanitizeUploadFilename(raw);
  if (name === "") throw badRequest("Invalid filename.");
  return name;
}

export async function listResources(ctx: AppContext, viewer: Viewer): Promise<Resource[]> {
  requireSignedIn(viewer);
  const rows = await listResourcesOfCreator(ctx.store.db, viewer.id);
  return rows.map((row) => presentResource(row, row.linked_memo_amount));
}

/** Webhook deliveries about one resource go out in order. */
const resourceKey = (id: number) => `resource:${id}`;

/**
 * Inserts the resource and queues its resource.created deliveries in one transaction; `place` (a file on disk)
 * runs in it too, after the insert that gives the id.
 */
async function createResource(
  ctx: AppContext,
  viewer: Actor,
  resource: Parameters<typeof insertResource>[1],
  place?: (tx: Db, inserted: ResourceRow) => Promise<ResourceRow>,
): Promise<Resource> {
  let queued = false;
  const row = await ctx.store.db.transaction().execute(async (tx) => {
    const inserted = place ? await place(tx, await insertResource(tx, resource)) : await insertResource(tx, resource);
    queued = await queueWebhookEvent(tx, viewer, "resource.created", resourceKey(inserted.id), async () => ({ resource: presentResource(inserted) }));
    return inserted;
  });
  afterCommit(ctx, queued);
  return presentResource(row);
}

/** `input` is valid already (the route's schema, resourceCreateSchema). */
export async function createExternalResource(ctx: AppContext, viewer: Viewer, input: ResourceCreate): Promise<Resource> {
  requireSignedIn(viewer);
  if (!/^https?:\/\//i.test(input.externalLink)) throw badRequest("Malformatted post resource request: externalLink must be an http(s) URL");
  return createResource(ctx, viewer, {
    creator_id: viewer.id,
    filename: cleanUploadFilename(input.filename),
    external_link: input.externalLink,
    type: input.type ?? "",
    size: 0,
    blob: null,
  });
}

export interface Upload {
  filename: string;
  type: string;
  /** The bytes, in memory or as a stream (an HTTP upload is streamed to disk with `--storage local`). */
  data: Buffer | Readable;
}

/** A file (or an external link) of an imported archive. */
export interface StoredFile {
  filename: string;
  type: string;
  /** The bytes; null for an external link. */
  data: Buffer | null;
  externalLink?: string;
  createdTs?: number;
}

/**
 * A file of an import becomes a resource, stored as `--storage` says: a blob, or a file under <data>/assets
 * written before the row names it. `db` is the import's transaction; the paths of the files written are added to
 * `placed`, so the caller removes them if that transaction does not commit. The name must be safe already
 * (cleanUploadFilename). No webhook event: an import queues none (docs/api.md, Import).
 */
export async function storeResourceFile(ctx: AppContext, db: Db, creatorId: number, file: StoredFile, placed: string[]): Promise<ResourceRow> {
  const local = ctx.config.storage === "local" && file.data !== null;
  const row = await insertResource(db, {
    creator_id: creatorId,
    filename: file.filename,
    external_link: file.externalLink ?? "",
    type: file.type.slice(0, 255),
    size: file.data?.length ?? 0,
    blob: local ? null : file.data,
    ...(file.createdTs !== undefined ? { created_ts: file.createdTs, updated_ts: file.createdTs } : {}),
  });
  if (!local) return row;
  const path = assetPathFor(row.id, file.filename);
  await writeAsset(ctx.config.data, path, file.data!);
  placed.push(path);
  await setResourceFile(db, row.id, path);
  return { ...row, internal_path: path };
}

/**
 * Stores an upload as a resource of `viewer`: as a blob (`--storage db`), or (`--storage local`) streamed to a
 * file under <data>/assets, placed under its id-derived name inside the transaction that inserts the row, which
 * queues resource.created. The upload route and the demo seed come through here; imports store their files with
 * storeResourceFile (inside the import's transaction, no webhook event).
 */
export async function uploadResource(ctx: AppContext, viewer: Viewer, upload: Upload): Promise<Resource> {
  requireSignedIn(viewer);
  let filename: string;
  try {
    filename = cleanUploadFilename(upload.filename);
  } catch (error) {
    if (!Buffer.isBuffer(upload.data)) upload.data.resume();
    throw error;
  }
  const fields = { creator_id: viewer.id, filename, external_link: "", type: upload.type.slice(0, 255) };
  if (ctx.config.storage === "db") {
    const data = Buffer.isBuffer(upload.data) ? upload.data : await buffer(upload.data);
    return createResource(ctx, viewer, { ...fields, size: data.length, blob: data });
  }
  const incoming: IncomingAsset = await receiveAsset(ctx.config.data, upload.data, ctx.config.maxUploadBytes).catch((error: unknown) => {
    throw error instanceof AssetTooLarge ? tooLarge() : error;
  });
  let placed: string | null = null;
  try {
    return await createResource(ctx, viewer, { ...fields, size: incoming.size, blob: null }, async (tx, inserted) => {
      const path = assetPathFor(inserted.id, filename);
      await incoming.place(path);
      placed = path;
      await setResourceFile(tx, inserted.id, path);
      return { ...inserted, internal_path: path };
    });
  } catch (error) {
    await incoming.discard();
    // The row was not committed, so the file it would have named must go too.
    if (placed) await removeAssets(ctx.config.data, [placed], () => {});
    throw error;
  }
}

export async function getResource(ctx: AppContext, viewer: Viewer, id: number): Promise<Resource> {
  return presentResource(await authorizedResource(ctx, viewer, id, "read"));
}

/** `input` is valid already (the route's schema, resourcePatchSchema). */
export async function patchResource(ctx: AppContext, viewer: Viewer, id: number, input: ResourcePatch): Promise<Resource> {
  const { db } = ctx.store;
  await authorizedResource(ctx, viewer, id, "update");
  if (input.filename !== undefined) {
    if (!isValidResourceFilename(input.filename)) throw badRequest("Invalid filename.");
    await renameResource(db, id, input.filename);
  }
  return presentResource(await requireResource(db, id));
}

/** Deletes the row and its links; its file (if any) goes once the transaction has committed. */
export async function deleteResource(ctx: AppContext, viewer: Viewer, id: number, log: ErrorLog): Promise<void> {
  const resource = await authorizedResource(ctx, viewer, id, "delete");
  const queued = await ctx.store.db.transaction().execute(async (tx) => {
    const any = await queueWebhookEvent(tx, viewer!, "resource.deleted", resourceKey(id), async () => ({ resource: presentResource(resource) }));
    await deleteResourceCascade(tx, id);
    return any;
  });
  afterCommit(ctx, queued);
  await removeAssets(ctx.config.data, [resource.internal_path], (message) => log.error(message));
}

/** `POST /api/memo/:id/resource`: the memo must be the caller's, and so must the resource. */
export async function linkResourceToMemo(ctx: AppContext, viewer: Viewer, memoId: number, resourceId: number): Promise<Resource> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "link-resource", await requireMemo(db, memoId));
  const resource = await requireResource(db, resourceId);
  authorizeResourceLink(viewer, resource);
  await linkResources(db, memoId, [resourceId]);
  return presentResource(resource);
}

export async function listMemoResources(ctx: AppContext, viewer: Viewer, memoId: number): Promise<Resource[]> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "read", await requireMemo(db, memoId));
  const links = await listLinkedResources(db, [memoId]);
  return links.sort((a, b) => b.id - a.id).map((link) => presentResource(link));
}

export async function unlinkResourceFromMemo(ctx: AppContext, viewer: Viewer, memoId: number, resourceId: number): Promise<void> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "link-resource", await requireMemo(db, memoId));
  if (!(await unlinkResource(db, memoId, resourceId))) {
    throw notFound(`Resource ${resourceId} is not linked to memo ${memoId}`);
  }
}

export interface ResourceFile {
  resource: ResourceRow;
  bytes: ResourceBytes;
}

/** `/o/r/:id/:filename`: the owner, or anyone who may read a memo the resource is linked to. */
export async function readResourceFile(ctx: AppContext, viewer: Viewer, id: number, filename: string): Promise<ResourceFile> {
  const { db } = ctx.store;
  const resource = await findResourceById(db, id);
  const missing = notFound(`Resource not found: ${id}`);
  if (!resource || resource.filename !== filename) throw missing;
  const memos = canReadResourceFile(viewer, resource, false) ? [] : await findMemoFactsOfResource(db, id);
  const readable = memos.some((memo) => canReadMemo(viewer, memo));
  if (!canReadResourceFile(viewer, resource, readable)) throw missing;
  // A file gone from disk throws AssetMissing: the error handler logs it and answers 500.
  const bytes = await openResourceBytes(db, ctx.config.data, resource);
  if (bytes === null) throw missing;
  return { resource, bytes };
}
