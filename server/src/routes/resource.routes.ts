// /api/resource (list, external links, uploads, rename, delete) and the file routes /o/r, /h/r and (the v1 API's)
// /file/attachments/:uid/:filename.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, Viewer } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { noSniff, sendUploadedFile, type UploadedFile } from "../http/send-file.js";
import { thumbnailOf } from "../services/thumbnail.service.js";
import {
  authorizedResource,
  createExternalResource,
  deleteResource,
  getResource,
  listResources,
  openReadableResource,
  patchResource,
  type ResourceFile,
  readableResource,
  readResourceFile,
  resourceIdByUid,
  uploadResource,
} from "../services/resource.service.js";

function uploadedFile({ resource, bytes }: ResourceFile): UploadedFile {
  const { id, created_ts: createdTs, filename, type } = resource;
  return { id, createdTs, filename, type, size: bytes.size, read: (range) => bytes.read(range) };
}

/** The file, or its thumbnail when the query asks for one and the file makes one. */
async function sendFileOrThumbnail(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, file: ResourceFile) {
  const { thumbnail: wanted } = request.query as { thumbnail?: string };
  const thumbnail = wanted === "true" || wanted === "1" ? await thumbnailOf(ctx, file, request.log) : null;
  if (!thumbnail) return sendUploadedFile(request, reply, uploadedFile(file));
  const { id, created_ts: createdTs, filename } = file.resource;
  const { type, bytes } = thumbnail;
  const read = (range?: { start: number; end: number }) => (range ? bytes.subarray(range.start, range.end + 1) : bytes);
  return sendUploadedFile(request, reply, { id, createdTs, filename, type, size: bytes.length, read, variant: "thumbnail" });
}

/**
 * v0's file links, by id and name. v0 decoded `+` as a space here, so a name that really holds a `+` matches first.
 * A name that is not the file's (a link written before a rename, or an import's) is redirected to the current
 * name once the viewer may read the file, so links survive renames and nobody learns a name they may not read.
 */
async function sendFileByName(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, viewer: Viewer, id: number, name: string) {
  const resource = await readableResource(ctx, viewer, id);
  const { filename } = resource;
  if (name === filename || name.replace(/\+/g, " ") === filename) {
    return sendFileOrThumbnail(ctx, request, reply, await openReadableResource(ctx, resource));
  }
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  const prefix = request.routeOptions.url?.startsWith("/h/") ? "/h/r" : "/o/r";
  return reply.header("cache-control", "no-cache").redirect(`${prefix}/${id}/${encodeURIComponent(filename)}${query}`, 302);
}

export const resourceHandlers = (ctx: AppContext) =>
  ({
    "resource.list": async (request) => listResources(ctx, viewerOf(request)),
    "resource.create": async (request) => createExternalResource(ctx, viewerOf(request), request.body),
    "resource.upload": async (request) => uploadResource(ctx, viewerOf(request), await request.body.file()),
    "resource.get": async (request) => getResource(ctx, viewerOf(request), request.params.resourceId),
    "resource.blob": {
      onRequest: noSniff,
      handler: async (request, reply) => {
        const resource = await getResource(ctx, viewerOf(request), request.params.resourceId);
        const file = await readResourceFile(ctx, viewerOf(request), resource.id, resource.filename);
        return sendUploadedFile(request, reply, uploadedFile(file));
      },
    },
    "resource.patch": {
      // A 404 comes before a 400 of the body, as in v0.
      checkFirst: (request, { resourceId }) => authorizedResource(ctx, viewerOf(request), resourceId, "update"),
      handler: async (request) => patchResource(ctx, viewerOf(request), request.params.resourceId, request.body),
    },
    "resource.delete": async (request) => {
      await deleteResource(ctx, viewerOf(request), request.params.resourceId, request.log);
      return true;
    },
    "resource.openFile": {
      onRequest: noSniff,
      handler: async (request, reply) =>
        sendFileByName(ctx, request, reply, viewerOf(request), request.params.resourceId, request.params.filename),
    },
    "resource.attachmentFile": {
      onRequest: noSniff,
      handler: async (request, reply) => {
        const viewer = viewerOf(request);
        const resource = await readableResource(ctx, viewer, await resourceIdByUid(ctx, request.params.uid));
        return sendFileOrThumbnail(ctx, request, reply, await openReadableResource(ctx, resource));
      },
    },
    "resource.htmlFile": {
      onRequest: noSniff,
      handler: async (request, reply) =>
        sendFileByName(ctx, request, reply, viewerOf(request), request.params.resourceId, request.params.filename),
    },
  }) satisfies Handlers<"resource">;
