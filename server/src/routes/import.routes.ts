// POST /api/import: an archive (multipart field `file`) into the caller's account. The upload is streamed to a
// temporary file (the zip reader needs to seek to its central directory), removed when the answer is sent.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { importQuerySchema } from "@memos/common";
import { importResultEntitySchema } from "@memos/common/api/responses";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { badRequest, HttpError, tooLarge } from "../errors.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, documented, input } from "../http/route-schema.js";

const NOT_A_FORM = 'Malformatted import request: send the archive as multipart/form-data in the field "file"';

async function requireMultipart(request: FastifyRequest) {
  if (!/^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "")) throw badRequest(NOT_A_FORM);
}

/** Writes the form's `file` part to `path`; over the upload limit is a 413, a broken form a 400. */
async function receiveArchive(request: FastifyRequest, path: string): Promise<void> {
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") throw badRequest(NOT_A_FORM);
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as FastifyError;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
    throw badRequest("Malformatted import request: the multipart body is malformed");
  }
}

/** Loaded on the first import (its zip, YAML and HTML readers are a few MB the server need not hold). */
const importService = () => import("../services/import.service.js");

export async function importRoutes(base: FastifyInstance, ctx: AppContext) {
  await base.register(multipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 } });
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/import",
    {
      onRequest: requireMultipart,
      // The caller is judged before the upload is read: a refused one writes no temporary file.
      preValidation: checkFirst(async (request) => (await importService()).authorizeImporter(ctx, viewerOf(request))),
      schema: {
        summary: "Import an archive into your account",
        description:
          "Takes a zip (multipart field `file`, at most the upload limit) and finds what it is from its contents: a memos export " +
          "(`GET /api/export`), a folder of Markdown notes (Obsidian, Bear, Logseq…), a flomo HTML export or a Google Keep Takeout. " +
          "`dryRun=true` answers the same counts and problems and writes nothing. Memos already in the account (same created time " +
          "and content) are skipped. A damaged or unsafe archive (not a zip, a file failing its CRC-32 check, paths outside its folder, a zip bomb) " +
          "is a 400 and nothing is written. An import sends no webhook events.",
        consumes: ["multipart/form-data"],
        querystring: input(importQuerySchema, "Malformatted import query"),
        body: documented(z.object({ file: z.string().meta({ format: "binary" }) })),
        response: answers(importResultEntitySchema),
      },
    },
    async (request) => {
      const { importArchive } = await importService();
      const dir = await mkdtemp(join(tmpdir(), "memos-import-"));
      try {
        const file = join(dir, "archive.zip");
        await receiveArchive(request, file);
        return ok(await importArchive(ctx, viewerOf(request), file, request.query));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
