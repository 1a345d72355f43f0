// Resources: uploads and external links, their memo links, and who may read their files.
import { isValidResourceFilename, type Resource, type ResourceCreate, type ResourcePatch, sanitizeUploadFilename } from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { authorizeMemo, canReadMemo } from "../policies/memo.policy.js";
import { authorizeResource, authorizeResourceLink, canReadResourceFile, type ResourceAction } from "../policies/resource.policy.js";
import { presentResource } from "../presenters/resource.presenter.js";
import type { Db } from "../store/db.js";
import { findMemoFacts } from "../store/memo.store.js";
import {
  deleteResourceCascade,
  findResourceById,
  insertResource,
  linkResources,
  listLinkedResources,
  listMemoIdsOfResource,
  listResourcesOfCreator,
  readResourceBlob,
  renameResource,
  unlinkResource,
} from "../store/resource.store.js";
import type { ResourceRow } from "../store/schema.js";
import { requireMemo } from "./memo.service.js";
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

/** Inserts the resource and queues its resource.created deliveries in one transaction. */
async function createResource(ctx: AppContext, viewer: Actor, resource: Parameters<typeof insertResource>[1]): Promise<Resource> {
  let queued = false;
  const row = await ctx.store.db.transaction().execute(async (tx) => {
    const inserted = await insertResource(tx, resource);
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
  data: Buffer;
}

export async function uploadResource(ctx: AppContext, viewer: Viewer, upload: Upload): Promise<Resource> {
  requireSignedIn(viewer);
  return createResource(ctx, viewer, {
    creator_id: viewer.id,
    filename: cleanUploadFilename(upload.filename),
    external_link: "",
    type: upload.type.slice(0, 255),
    size: upload.data.length,
    blob: upload.data,
  });
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

export async function deleteResource(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const resource = await authorizedResource(ctx, viewer, id, "delete");
  const queued = await ctx.store.db.transaction().execute(async (tx) => {
    const any = await queueWebhookEvent(tx, viewer!, "resource.deleted", resourceKey(id), async () => ({ resource: presentResource(resource) }));
    await deleteResourceCascade(tx, id);
    return any;
  });
  afterCommit(ctx, queued);
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
  data: Buffer;
}

/** `/o/r/:id/:filename`: the owner, or anyone who may read a memo the resource is linked to. */
export async function readResourceFile(ctx: AppContext, viewer: Viewer, id: number, filename: string): Promise<ResourceFile> {
  const { db } = ctx.store;
  const resource = await findResourceById(db, id);
  const missing = notFound(`Resource not found: ${id}`);
  if (!resource || resource.filename !== filename) throw missing;
  const memos = canReadResourceFile(viewer, resource, false) ? [] : await findMemoFacts(db, await listMemoIdsOfResource(db, id));
  const readable = memos.some((memo) => canReadMemo(viewer, memo));
  if (!canReadResourceFile(viewer, resource, readable)) throw missing;
  const data = await readResourceBlob(db, id);
  if (data === null) throw missing;
  return { resource, data };
}
