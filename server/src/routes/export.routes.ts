// GET /api/export: the caller's data (or, for the host, the whole instance) as a zip archive, streamed; POST: a
// selection of the caller's memos in the same format.
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { contentDisposition } from "../http/send-file.js";
import { type ExportArchive, exportData, exportSelection } from "../services/export.service.js";

/** The archive, streamed as a download. */
const sendArchive = (reply: FastifyReply, archive: ExportArchive) =>
  reply
    .header("Content-Type", "application/zip")
    .header("Content-Disposition", contentDisposition("attachment", archive.filename))
    .header("Cache-Control", "no-store")
    .header("X-Content-Type-Options", "nosniff")
    .send(archive.stream);

export const exportHandlers = (ctx: AppContext) =>
  ({
    "export.archive": {
      // A HEAD would write the whole archive only to throw it away.
      exposeHeadRoute: false,
      handler: async (request, reply) => sendArchive(reply, await exportData(ctx, viewerOf(request), request.query, request.log)),
    },
    "export.selection": async (request, reply) =>
      sendArchive(reply, await exportSelection(ctx, viewerOf(request), request.body, request.log)),
  }) satisfies Handlers<"export">;
