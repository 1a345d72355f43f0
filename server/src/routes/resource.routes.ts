// /api/resource (list, external links, uploads, rename, delete) and the file routes /o/r and /h/r.
import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { badRequest, HttpError, tooLarge } from "../errors.js";
import { assertNoNul } from "../http/input-guard.js";
import { ok, viewerOf } from "../http/request-context.js";
import { sendUploadedFile } from "../http/send-file.js";
import {
  createExternalResource,
  deleteResource,
  getResource,
  listResources,
  patchResource,
  readResourceFile,
  type Upload,
  uploadResource,
} from "../services/resource.service.js";
import { parseId } from "../services/validate.js";

type IdParams = { Params: { resourceId: string } };
type FileParams = { Params: { resourceId: string; filename: string } };

const NOT_MULTIPART = "Upload file overload max size: the request is not multipart/form-data";

/** Refuses anything but a form before its body is read, so no parser (or 415) ever sees it. */
async function requireMultipart(request: FastifyRequest) {
  if (!/^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "")) throw badRequest(NOT_MULTIPART);
}

/** Reads the form's `file` part; a broken form is the client's fault (400), an oversized file is 413. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== "file") throw badRequest("Failed to get uploading file: send it in the form field \"file\"");
    // The form is read here, not by a body parser, so the input guard's NUL rule is applied here.
    for (const [name, field] of Object.entries(part.fields)) {
      for (const one of [field ?? []].flat()) {
        if (one.type === "field") assertNoNul(one.value, name);
      }
    }
    assertNoNul(part.filename, "filename");
    assertNoNul(part.mimetype, "type");
    const data = await part.toBuffer();
    return { filename: part.filename, type: part.mimetype, data };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as FastifyError;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
    throw badRequest("Upload file overload max size: the multipart body is malformed");
  }
}

export async function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
  });

  app.get("/api/resource", async (request) => ok(await listResources(ctx, viewerOf(request))));
  app.post("/api/resource", async (request) => ok(await createExternalResource(ctx, viewerOf(request), request.body)));

  app.post("/api/resource/blob", { onRequest: requireMultipart }, async (request) => {
    if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
    return ok(await uploadResource(ctx, viewerOf(request), await readUpload(request)));
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
