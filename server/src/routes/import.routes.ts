// POST /api/import: an archive (the form's `file`, http/form-upload.ts) into the caller's account. The upload is
// streamed to a temporary file (the zip reader needs to seek to its central directory), removed when the answer
// is sent.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";

/** Loaded on the first import (its zip, YAML and HTML readers are a few MB the server need not hold). */
const importService = () => import("../services/import.service.js");

export const importHandlers = (ctx: AppContext) =>
  ({
    "import.archive": {
      // The caller is judged before the upload is read: a refused one writes no temporary file.
      checkFirst: async (request) => (await importService()).authorizeImporter(ctx, viewerOf(request)),
      handler: async (request) => {
        const { importArchive } = await importService();
        const dir = await mkdtemp(join(tmpdir(), "memos-import-"));
        try {
          const path = join(dir, "archive.zip");
          await pipeline((await request.body.file()).data, createWriteStream(path));
          return await importArchive(ctx, viewerOf(request), path, request.query);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
  }) satisfies Handlers<"import">;
