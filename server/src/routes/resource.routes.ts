// /api/resource (list, external links, uploads, rename, delete) and the file routes /o/r and /h/r.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, Viewer } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { noSniff, sendUploadedFile, type UploadedFile } from "../http/send-file.js";
import {
  authorizedResource,
  createExternalResource,
  deleteResource,
  getResource,
  listResources,
  patchResource,
  type ResourceFile,
  readResourceFile,
  uploadResource,
} from "../services/resource.service.js";

function uploadedFile({ resource, bytes }: ResourceFile): UploadedFile {
  const { id, created_ts: createdTs, filename, type } = resource;
  return { id, createdTs, filename, type, size: bytes.size, read: (range) => bytes.read(range) };
}

/** v0's file links: by id and name; v0 decoded `+` as a space here, so a name that really holds a `+` is tried first. */
async function sendFileByName(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, viewer: Viewer, id: number, name: string) {
  const file = await readResourceFile(ctx, viewer, id, name).catch(async (error: unknown) => {
    if (!name.includes("+")) throw error;
    return readResourceFile(ctx, viewer, id, name.replace(/\+/g, " "));
  });
  return sendUploadedFile(request, reply, uploadedFile(file));
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
      handler: async (request, reply) => sendFileByName(ctx, request, reply, viewerOf(request), request.params.resourceId, request.params.filename),
    },
    "resource.htmlFile": {
      onRequest: noSniff,
      handler: async (request, reply) => sendFileByName(ctx, request, reply, viewerOf(request), request.params.resourceId, request.params.filename),
    },
  }) satisfies Handlers<"resource">;
