// /api/resource (list, external links, uploads, rename, delete) and the file routes /o/r and /h/r.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { badRequest } from "../errors.js";
import { ok, viewerOf } from "../http/request-context.js";
import { sendUploadedFile } from "../http/send-file.js";
import {
  createExternalResource,
  deleteResource,
  getResource,
  listResources,
  patchResource,
  readResourceFile,
  uploadResource,
} from "../services/resource.service.js";
import { parseId } from "../services/validate.js";

type IdParams = { Params: { resourceId: string } };
type FileParams = { Params: { resourceId: string; filename: string } };

export async function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
  });

  app.get("/api/resource", async (request) => ok(await listResources(ctx, viewerOf(request))));
  app.post("/api/resource", async (request) => ok(await createExternalResource(ctx, viewerOf(request), request.body)));

  app.post("/api/resource/blob", async (request) => {
    if (!request.isMultipart()) throw badRequest("Upload file overload max size: the request is not multipart/form-data");
    const part = await request.file();
    if (!part || part.fieldname !== "file") throw badRequest("Failed to get uploading file: send it in the form field \"file\"");
    const data = await part.toBuffer();
    return ok(await uploadResource(ctx, viewerOf(request), { filename: part.filename, type: part.mimetype, data }));
  });

  app.get<IdParams>("/api/resource/:resourceId", async (request) =>
    ok(await getResource(ctx, viewerOf(request), parseId(request.params.resourceId))),
  );
  app.get<IdParams>("/api/resource/:resourceId/blob", async (request, reply) => {
    const resource = await getResource(ctx, viewerOf(request), parseId(request.params.resourceId));
    const file = await readResourceFile(ctx, viewerOf(request), resource.id, resource.filename);
    return sendUploadedFile(request, reply, { filename: resource.filename, type: resource.type, data: file.data });
  });
  app.patch<IdParams>("/api/resource/:resourceId", async (request) =>
    ok(await patchResource(ctx, viewerOf(request), parseId(request.params.resourceId), request.body)),
  );
  app.delete<IdParams>("/api/resource/:resourceId", async (request) => {
    await deleteResource(ctx, viewerOf(request), parseId(request.params.resourceId));
    return true;
  });

  for (const prefix of ["/o/r", "/h/r"]) {
    app.get<FileParams>(`${prefix}/:resourceId/:filename`, async (request, reply) => {
      const id = parseId(request.params.resourceId);
      const viewer = viewerOf(request);
      const name = request.params.filename;
      // v0 decoded `+` as a space here; a name that really holds a `+` is tried first.
      const file = await readResourceFile(ctx, viewer, id, name).catch(async (error: unknown) => {
        if (!name.includes("+")) throw error;
        return readResourceFile(ctx, viewer, id, name.replace(/\+/g, " "));
      });
      return sendUploadedFile(request, reply, { filename: file.resource.filename, type: file.resource.type, data: file.data });
    });
  }
}
