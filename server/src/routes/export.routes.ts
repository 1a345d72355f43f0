// GET /api/export: the caller's data (or, for the host, the whole instance) as a zip archive, streamed.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { contentDisposition } from "../http/send-file.js";
import { exportData } from "../services/export.service.js";

export const exportHandlers = (ctx: AppContext) =>
  ({
    "export.archive": {
      // A HEAD would write the whole archive only to throw it away.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const archive = await exportData(ctx, viewerOf(request), request.query, request.log);
        return reply
          .header("Content-Type", "application/zip")
          .header("Content-Disposition", contentDisposition("attachment", archive.filename))
          .header("Cache-Control", "no-store")
          .header("X-Content-Type-Options", "nosniff")
          .send(archive.stream);
      },
    },
  }) satisfies Handlers<"export">;
