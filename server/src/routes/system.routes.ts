// /api/ping, /api/status and /api/system/*.
import { systemSettingUpsertSchema, VERSION } from "@memos/common";
import { profileEntitySchema, systemSettingEntitySchema, systemStatusEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, input } from "../http/route-schema.js";
import { authorizeSettingWrite, getSystemStatus, listSettings, upsertSetting, vacuum } from "../services/system.service.js";

export async function systemRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get("/api/ping", { schema: { summary: "The server's mode and version", response: answers(profileEntitySchema) } }, async () =>
    ok({ mode: ctx.config.mode, version: VERSION }),
  );
  app.get("/api/status", { schema: { summary: "The instance: host, profile, sign-up, customisation", response: answers(systemStatusEntitySchema) } }, async (request) =>
    ok(await getSystemStatus(ctx, viewerOf(request))),
  );
  app.get("/api/system/setting", { schema: { summary: "The system settings (host only)", response: answers(z.array(systemSettingEntitySchema)) } }, async (request) =>
    ok(await listSettings(ctx, viewerOf(request))),
  );
  app.post(
    "/api/system/setting",
    {
      schema: {
        summary: "Set a system setting (host only)",
        description: "`value` is JSON text.",
        body: input(systemSettingUpsertSchema, "Malformatted post system setting request"),
        response: answers(systemSettingEntitySchema),
      },
      // A 403 comes before a 400 of the body, as in v0.
      preValidation: checkFirst(async (request) => authorizeSettingWrite(viewerOf(request))),
    },
    async (request) => ok(await upsertSetting(ctx, viewerOf(request), request.body)),
  );
  app.post("/api/system/vacuum", { schema: { summary: "Clean up orphans and compact the database (host only)", response: answers(z.literal(true)) } }, async (request) => {
    await vacuum(ctx, viewerOf(request), request.log);
    return ok(true);
  });
}
