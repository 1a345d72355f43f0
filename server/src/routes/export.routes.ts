// GET /api/export: the caller's data (or, for the host, the whole instance) as a zip archive, streamed.
import { exportQuerySchema } from "@memos/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import { answers, input } from "../http/route-schema.js";
import { contentDisposition } from "../http/send-file.js";
import { exportData } from "../services/export.service.js";

export async function exportRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/export",
    {
      // A HEAD would write the whole archive only to throw it away.
      exposeHeadRoute: false,
      schema: {
        summary: "Export your data as a zip archive",
        description:
          "Streams a zip: `memos/<YYYY>/<YYYY-MM-DD>-<id>.md` (YAML front matter, then the Markdown), `attachments/<id>-<name>`, " +
          "`resources.json`, `shortcuts.json`, `settings.json`, and `manifest.json` last (format, instance, counts, SHA-256 of every file). " +
          "`scope=instance` (the host only) exports every account under `users/<username>/` with `users.json`; " +
          "no password hash, open ID or session is ever included.",
        querystring: input(exportQuerySchema, "Malformatted export query"),
        response: answers(z.string().meta({ format: "binary" }), {
          raw: true,
          contentType: "application/zip",
          description: "The archive (Content-Disposition: attachment; filename=memos-export-<username>-<date>.zip)",
        }),
      },
    },
    async (request, reply) => {
      const archive = await exportData(ctx, viewerOf(request), request.query, request.log);
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", contentDisposition("attachment", archive.filename))
        .header("Cache-Control", "no-store")
        .header("X-Content-Type-Options", "nosniff")
        .send(archive.stream);
    },
  );
}
