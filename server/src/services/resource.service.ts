// Resources: uploads and external links, their memo links, and who may read their files.
import { type Resource, type ResourceCreate, type ResourcePatch, sanitizeUploadFilename } from "@memos/common";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, conflict, type ErrorDetail, type ErrorLog, notFound, tooLarge } from "../errors.js";
import { authorizeMemo, canReadMemo } from "../policies/memo.policy.js";
import { authorizeResource, authorizeResourceLink, canReadResourceFile, type ResourceAction } from "../policies/resource.policy.js";
import { presentResource } from "../presenters/resource.presenter.js";
import type { Db } from "../store/db.js";
import { findMemoFactsOfResource } from "../store/sql/memo/memo.store.js";
import {
  deleteResourceCascade,
  findResourceById,
  findResourceIdByUid,
  findResourceIdsByUids,
  findResourcesByIds,
  insertResource,
  type NewResource,
  linkResources,
  listLinkedResources,
  listResourcesOfCreator,
  renameResource,
  setResourceFile,
  unlinkResource,
} from "../store/sql/resource.store.js";
import {
  AssetTooLarge,
  assetPathFor,
  type IncomingAsset,
  openResourceBytes,
  receiveAsset,
  removeAssets,
  type ResourceBytes,
  writeAsset,
} from "../store/files/resource-bytes.js";
import type { ResourceRow } from "../store/schema.js";
import { requireMemo } from "./memo-access.js";
import { knowSpaceRoles } from "./space-access.js";
import { assertOwnResources } from "./memo.service.js";
import { afterCommit, queueWebhookEvent } from "./webhook-events.js";
import { requireSignedIn } from "../policies/utils.js";

const INVALID_FILENAME: ErrorDetail = { reason: "resource.invalid-filename", field: "filename" };

async function requireResource(db: Db, id: number): Promise<ResourceRow> {
  const resource = await findResourceById(db, id);
  if (!resource) throw notFound(`Resource not found: ${id}`, { reason: "resource.not-found" });
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
  if (name === "") throw badRequest("Invalid filename.", INVALID_FILENAME);
  return name;
}

export async function listResources(ctx: AppContext, viewer: Viewer): Promise<Resource[]> {
  requireSignedIn(viewer);
  const rows = await listResourcesOfCreator(ctx.store.db, viewer.id);
  return rows.map((row) => presentResource(row, row.linked_memo_amount));
}

/** Webhook deliveries about one resource go out in order. */
const resourceKey = (id: number) => `resource:${id}`;

/** A new resource's row, but for where its bytes go and how many there are (storeResource decides). */
type ResourceFields = Omit<NewResource, "size" | "blob" | "internal_path">;

/** A new resource's bytes: in memory, received into the incoming folder already (a streamed upload), or none (a link). */
type NewBytes = Buffer | IncomingAsset | null;

/**
 * The one way a resource and its bytes are stored, for every caller (uploads, links, the demo seed, imports):
 * inserts the row in `tx` and keeps the bytes where `--storage` says: in the row's blob, or in a file under
 * <data>/assets named after the id, placed inside the transaction (a received upload is always a file). The file's
 * path is added to `placed`, so the caller removes it if `tx` does not commit. The name must be safe already
 * (cleanUploadFilename, or the importer's). It queues no webhook event: createResource does, for changes made in
 * the app; an import queues none (docs/api.md, Import).
 */
export async function storeResource(
  ctx: AppContext,
  tx: Db,
  fields: ResourceFields,
  bytes: NewBytes,
  placed: string[],
): Promise<ResourceRow> {
  const inMemory = Buffer.isBuffer(bytes);
  const toFile = bytes !== null && (!inMemory || ctx.config.storage === "local");
  const row = await insertResource(tx, {
    ...fields,
    type: fields.type.slice(0, 255),
    size: bytes === null ? 0 : inMemory ? bytes.length : bytes.size,
    blob: toFile ? null : bytes,
  });
  if (!toFile) return row;
  const path = assetPathFor(row.id, fields.filename);
  if (inMemory) await writeAsset(ctx.config.data, path, bytes);
  else await bytes.place(path);
  placed.push(path);
  await setResourceFile(tx, row.id, path);
  return { ...row, internal_path: path };
}

/**
 * A resource made in the app (an upload, a link, the demo seed): stored by storeResource and its resource.created
 * deliveries queued, in one transaction. Nothing is left behind when it fails: neither a received file nor one
 * placed for a row that was not committed.
 */
async function createResource(ctx: AppContext, viewer: Actor, fields: ResourceFields, bytes: NewBytes): Promise<Resource> {
  const placed: string[] = [];
  try {
    let queued = false;
    const row = await ctx.store.db.transaction().execute(async (tx) => {
      if (fields.uid !== undefined && (await findResourceIdByUid(tx, fields.uid)) !== undefined)
        throw conflict(`Resource uid already taken: ${fields.uid}`, { reason: "input.conflict", field: "uid" });
      const inserted = await storeResource(ctx, tx, fields, bytes, placed);
      queued = await queueWebhookEvent(tx, viewer, "resource.created", resourceKey(inserted.id), async () => ({
        resource: presentResource(inserted),
      }));
      return inserted;
    });
    afterCommit(ctx, queued);
    return presentResource(row);
  } catch (error) {
    if (bytes !== null && !Buffer.isBuffer(bytes)) await bytes.discard();
    await removeAssets(ctx.config.data, placed, () => {});
    throw error;
  }
}

/** A v1 name's uid a client chose for a new resource (taken: a 409); a random one otherwise. */
interface ChosenUid {
  uid?: string;
}

/** `input` is valid already (the route's schema, resourceCreateSchema). */
export async function createExternalResource(
  ctx: AppContext,
  viewer: Viewer,
  input: ResourceCreate,
  { uid }: ChosenUid = {},
): Promise<Resource> {
  requireSignedIn(viewer);
  const fields = {
    creator_id: viewer.id,
    filename: input.filename,
    external_link: input.externalLink,
    type: input.type ?? "",
    ...(uid !== undefined && { uid }),
  };
  return createResource(ctx, viewer, fields, null);
}

export interface Upload {
  filename: string;
  type: string;
  /** The bytes, in memory or as a stream (an HTTP upload is streamed to disk with `--storage local`). */
  data: Buffer | Readable;
}

/** An upload's bytes, received before its transaction. */
async function receiveBytes(ctx: AppContext, data: Buffer | Readable): Promise<Buffer | IncomingAsset> {
  if (Buffer.isBuffer(data)) {
    if (data.length > ctx.config.maxUploadBytes) throw tooLarge();
    return data;
  }
  if (ctx.config.storage === "db") return buffer(data);
  return receiveAsset(ctx.config.data, data, ctx.config.maxUploadBytes).catch((error: unknown) => {
    throw error instanceof AssetTooLarge ? tooLarge() : error;
  });
}

/**
 * Stores an upload as a resource of `viewer` (createResource). With `--storage local` a stream is received into the
 * incoming folder first, outside the transaction, so a slow upload holds no lock; with `--storage db` it is read
 * into memory for the blob.
 */
export async function uploadResource(ctx: AppContext, viewer: Viewer, upload: Upload, { uid }: ChosenUid = {}): Promise<Resource> {
  requireSignedIn(viewer);
  let filename: string;
  try {
    filename = cleanUploadFilename(upload.filename);
  } catch (error) {
    if (!Buffer.isBuffer(upload.data)) upload.data.resume();
    throw error;
  }
  return createResource(
    ctx,
    viewer,
    { creator_id: viewer.id, filename, external_link: "", type: upload.type, ...(uid !== undefined && { uid }) },
    await receiveBytes(ctx, upload.data),
  );
}

export async function getResource(ctx: AppContext, viewer: Viewer, id: number): Promise<Resource> {
  return presentResource(await authorizedResource(ctx, viewer, id, "read"));
}

/** `input` is valid already (the route's schema, resourcePatchSchema). */
export async function patchResource(ctx: AppContext, viewer: Viewer, id: number, input: ResourcePatch): Promise<Resource> {
  const { db } = ctx.store;
  await authorizedResource(ctx, viewer, id, "update");
  if (input.filename !== undefined) {
    await renameResource(db, id, input.filename);
  }
  return presentResource(await requireResource(db, id));
}

/** Deletes the row and its links; its file (if any) goes once the transaction has committed. */
export async function deleteResource(ctx: AppContext, viewer: Viewer, id: number, log: ErrorLog): Promise<void> {
  const resource = await authorizedResource(ctx, viewer, id, "delete");
  const queued = await ctx.store.db.transaction().execute(async (tx) => {
    const any = await queueWebhookEvent(tx, viewer!, "resource.deleted", resourceKey(id), async () => ({
      resource: presentResource(resource),
    }));
    await deleteResourceCascade(tx, id);
    return any;
  });
  afterCommit(ctx, queued);
  await removeAssets(ctx.config.data, [resource.internal_path], (message) => log.error(message));
}

/**
 * v1's BatchDeleteAttachments: every resource of `ids` deleted, each the caller's own, or none: an unknown id or
 * another's refuses the lot (404, as each alone would answer), judged in the transaction that deletes them.
 */
export async function deleteResources(ctx: AppContext, viewer: Viewer, ids: readonly number[], log: ErrorLog): Promise<void> {
  requireSignedIn(viewer);
  const unique = [...new Set(ids)];
  const { queued, paths } = await ctx.store.db.transaction().execute(async (tx) => {
    const rows = new Map((await findResourcesByIds(tx, unique)).map((row) => [row.id, row]));
    const resources = unique.map((id) => {
      const resource = rows.get(id);
      if (!resource) throw notFound(`Resource not found: ${id}`, { reason: "resource.not-found" });
      authorizeResource(viewer, "delete", resource);
      return resource;
    });
    let any = false;
    for (const resource of resources) {
      const one = await queueWebhookEvent(tx, viewer, "resource.deleted", resourceKey(resource.id), async () => ({
        resource: presentResource(resource),
      }));
      any ||= one;
      await deleteResourceCascade(tx, resource.id);
    }
    return { queued: any, paths: resources.map((resource) => resource.internal_path) };
  });
  afterCommit(ctx, queued);
  await removeAssets(ctx.config.data, paths, (message) => log.error(message));
}

/** `POST /api/memo/:id/resource`: the memo must be the caller's, and so must the resource. */
export async function linkResourceToMemo(ctx: AppContext, viewer: Viewer, memoId: number, resourceId: number): Promise<Resource> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "link-resource", await requireMemo(db, memoId, viewer));
  const resource = await requireResource(db, resourceId);
  authorizeResourceLink(viewer, resource);
  await linkResources(db, memoId, [resourceId]);
  return presentResource(resource);
}

export async function listMemoResources(ctx: AppContext, viewer: Viewer, memoId: number): Promise<Resource[]> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "read", await requireMemo(db, memoId, viewer));
  const links = await listLinkedResources(db, [memoId]);
  return links.sort((a, b) => b.id - a.id).map((link) => presentResource(link));
}

/**
 * v1's SetMemoAttachments: the memo's resources become exactly `ids` (each the caller's own; the memo theirs to
 * change), in one transaction: those not named are unlinked (the resources stay), the new ones linked.
 */
export async function replaceMemoResources(ctx: AppContext, viewer: Viewer, memoId: number, ids: readonly number[]): Promise<void> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "link-resource", await requireMemo(db, memoId, viewer));
  await db.transaction().execute(async (tx) => {
    await assertOwnResources(tx, viewer, [...ids]);
    const current = new Set((await listLinkedResources(tx, [memoId])).map((link) => link.id));
    for (const id of current) if (!ids.includes(id)) await unlinkResource(tx, memoId, id);
    await linkResources(
      tx,
      memoId,
      ids.filter((id) => !current.has(id)),
    );
  });
}

export async function unlinkResourceFromMemo(ctx: AppContext, viewer: Viewer, memoId: number, resourceId: number): Promise<void> {
  const { db } = ctx.store;
  authorizeMemo(viewer, "link-resource", await requireMemo(db, memoId, viewer));
  if (!(await unlinkResource(db, memoId, resourceId))) {
    throw notFound(`Resource ${resourceId} is not linked to memo ${memoId}`, { reason: "resource.not-linked" });
  }
}

export interface ResourceFile {
  resource: ResourceRow;
  bytes: ResourceBytes;
}

/**
 * A resource whose file the viewer may read: the owner, or anyone who may read a memo the resource is linked to.
 * It is found by its id; `filename`, when given, must be its name too. Anything else is a 404.
 */
export async function readableResource(ctx: AppContext, viewer: Viewer, id: number, filename?: string): Promise<ResourceRow> {
  const { db } = ctx.store;
  const resource = await findResourceById(db, id);
  const missing = notFound(`Resource not found: ${id}`, { reason: "resource.not-found" });
  if (!resource || (filename !== undefined && resource.filename !== filename)) throw missing;
  const memos = canReadResourceFile(viewer, resource, false) ? [] : await findMemoFactsOfResource(db, id);
  await knowSpaceRoles(db, viewer, memos);
  const readable = memos.some((memo) => canReadMemo(viewer, memo));
  if (!canReadResourceFile(viewer, resource, readable)) throw missing;
  return resource;
}

/** A resource's id by its v1 name's uid; 404 when none has it. */
export async function resourceIdByUid(ctx: AppContext, uid: string): Promise<number> {
  const id = await findResourceIdByUid(ctx.store.db, uid);
  if (id === undefined) throw notFound(`Resource not found: ${uid}`, { reason: "resource.not-found" });
  return id;
}

/** The resources these uids name, in order, in one query; the first unknown one is not found. */
export async function resourceIdsByUids(ctx: AppContext, uids: readonly string[]): Promise<number[]> {
  const ids = await findResourceIdsByUids(ctx.store.db, uids);
  return uids.map((uid) => {
    const id = ids.get(uid);
    if (id === undefined) throw notFound(`Resource not found: ${uid}`, { reason: "resource.not-found" });
    return id;
  });
}

/** A resource whose file the viewer may read (readableResource), as the API shows it: v1's GetAttachment. */
export async function getReadableResource(ctx: AppContext, viewer: Viewer, id: number): Promise<Resource> {
  return presentResource(await readableResource(ctx, viewer, id));
}

/** The bytes of a resource `readableResource` let through. */
export async function openReadableResource(ctx: AppContext, resource: ResourceRow): Promise<ResourceFile> {
  // A file gone from disk throws AssetMissing: the error handler logs it and answers 500.
  const bytes = await openResourceBytes(ctx.store.db, ctx.config.data, resource);
  if (bytes === null) throw notFound(`Resource not found: ${resource.id}`, { reason: "resource.not-found" });
  return { resource, bytes };
}

/** `/api/resource/:id/blob` and the file routes: a readable resource and its bytes. */
export async function readResourceFile(ctx: AppContext, viewer: Viewer, id: number, filename: string): Promise<ResourceFile> {
  return openReadableResource(ctx, await readableResource(ctx, viewer, id, filename));
}
