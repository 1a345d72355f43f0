// /api/resource (list, external links, uploads, rename, delete) and the file routes /o/r and /h/r.
import { type Readable, Transform } from "node:stream";
import multipart from "@fastify/multipart";
import { resourceCreateSchema, resourcePatchSchema } from "@memos/common";
import { resourceEntitySchema } from "@memos/common/api/responses";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { badRequest, HttpError, tooLarge } from "../errors.js";
import { assertNoNul } from "../http/input-guard.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, documented, input, params, pathId } from "../http/route-schema.js";
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
  type Upload,
  uploadResource,
} from "../services/resource.service.js";

const idParams = params({ resourceId: pathId() });
const fileParams = params({ resourceId: pathId(), filename: z.string() });
const FILE = answers(z.string().meta({ format: "binary" }), {
  raw: true,
  contentType: "application/octet-stream",
  description: "The file, with its stored type (Range requests are honoured)",
});

function uploadedFile({ resource, bytes }: ResourceFile): UploadedFile {
  const { id, created_ts: createdTs, filename, type } = resource;
  return { id, createdTs, filename, type, size: bytes.size, read: (range) => bytes.read(range) };
}

/**
 * The form's file as a stream, read by the service (to disk, or into a blob). The multipart reader stops at the
 * upload limit and marks the stream truncated; that ends this stream with a 413 instead of a short file.
 */
function refuseTruncated(file: Readable & { truncated?: boolean }): Readable {
  const checked = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(file.truncated ? tooLarge() : null),
  });
  file.once("error", (error) => checked.destroy(uploadError(error)));
  // The service may meet the error only once it starts reading (after creating a folder, say); a stream that
  // errored before is still seen as failed by the pipeline that reads it then.
  checked.on("error", () => {});
  return file.pipe(checked);
}

const NOT_MULTIPART = "Upload file overload max size: the request is not multipart/form-data";

/** Refuses anything but a form before its body is read, so no parser (or 415) ever sees it. */
async function requireMultipart(request: FastifyRequest) {
  if (!/^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "")) throw badRequest(NOT_MULTIPART);
}

/** Reads the form's `file` part up to its bytes, which the service reads as a stream. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") throw badRequest("Failed to get uploading file: send it in the form field \"file\"");
    // The form is read here, not by a body parser, so the input guard's NUL rule is applied here.
    for (const [name, field] of Object.entries(part.fields)) {
      for (const one of [field ?? []].flat()) {
        if (one.type === "field") assertNoNul(one.value, name);
      }
    }
    assertNoNul(part.filename, "filename");
    assertNoNul(part.mimetype, "type");
    return { filename: part.filename, type: part.mimetype, data: refuseTruncated(part.file) };
  } catch (error) {
    throw uploadError(error);
  }
}

/** A broken form is the client's fault (400), an oversized file is 413. */
function uploadError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as FastifyError;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest("Upload file overload max size: the multipart body is malformed");
}

export async function resourceRoutes(base: FastifyInstance, ctx: AppContext) {
  await base.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
  });
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/resource", { schema: { summary: "The caller's resources", response: answers(z.array(resourceEntitySchema)) } }, async (request) =>
    ok(await listResources(ctx, viewerOf(request))),
  );
  app.post(
    "/api/resource",
    {
      schema: {
        summary: "Add an external link as a resource",
        body: input(resourceCreateSchema, "Malformatted post resource request"),
        response: answers(resourceEntitySchema),
      },
    },
    async (request) => ok(await createExternalResource(ctx, viewerOf(request), request.body)),
  );

  app.post(
    "/api/resource/blob",
    {
      onRequest: requireMultipart,
      schema: {
        summary: "Upload a file (multipart/form-data, field `file`)",
        consumes: ["multipart/form-data"],
        // Read by the handler from the form, not by a body parser.
        body: documented(z.object({ file: z.string().meta({ format: "binary" }) })),
        response: answers(resourceEntitySchema),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
      return ok(await uploadResource(ctx, viewerOf(request), await readUpload(request)));
    },
  );

  app.get("/api/resource/:resourceId", { schema: { summary: "One resource", params: idParams, response: answers(resourceEntitySchema) } }, async (request) =>
    ok(await getResource(ctx, viewerOf(request), request.params.resourceId)),
  );
  app.get(
    "/api/resource/:resourceId/blob",
    { onRequest: noSniff, schema: { summary: "A resource's file", params: idParams, response: FILE } },
    async (request, reply) => {
      const resource = await getResource(ctx, viewerOf(request), request.params.resourceId);
      const file = await readResourceFile(ctx, viewerOf(request), resource.id, resource.filename);
      return sendUploadedFile(request, reply, uploadedFile(file));
    },
  );
  app.patch(
    "/api/resource/:resourceId",
    {
      schema: {
        summary: "Rename a resource",
        params: idParams,
        body: input(resourcePatchSchema, "Malformatted patch resource request"),
        response: answers(resourceEntitySchema),
      },
      // A 404 comes before a 400 of the body, as in v0.
      preValidation: checkFirst(idParams, (request, { resourceId }) => authorizedResource(ctx, viewerOf(request), resourceId, "update")),
    },
    async (request) => ok(await patchResource(ctx, viewerOf(request), request.params.resourceId, request.body)),
  );
  app.delete(
    "/api/resource/:resourceId",
    { schema: { summary: "Delete a resource", params: idParams, response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await deleteResource(ctx, viewerOf(request), request.params.resourceId, request.log);
      return true;
    },
  );

  for (const prefix of ["/o/r", "/h/r"]) {
    app.get(
      `${prefix}/:resourceId/:filename`,
      {
        onRequest: noSniff,
        schema: {
          summary: `A resource's file by id and name (${prefix === "/o/r" ? "v0's open link" : "v0's link for HTML pages"})`,
          params: fileParams,
          response: FILE,
        },
      },
      async (request, reply) => {
        const id = request.params.resourceId;
        const viewer = viewerOf(request);
        const name = request.params.filename;
        // v0 decoded `+` as a space here; a name that really holds a `+` is tried first.
        const file = await readResourceFile(ctx, viewer, id, name).catch(async (error: unknown) => {
          if (!name.includes("+")) throw error;
          return readResourceFile(ctx, viewer, id, name.replace(/\+/g, " "));
        });
        return sendUploadedFile(request, reply, uploadedFile(file));
      },
    );
  }
}
