// /api/ping, /api/status and /api/system/*.
import { VERSION } from "@memos/common";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { getSystemStatus, listSettings, upsertSetting, vacuum } from "../services/system.service.js";

export async function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/ping", async () => ok({ mode: ctx.config.mode, version: VERSION }));
  app.get("/api/status", async (request) => ok(await getSystemStatus(ctx, viewerOf(request))));
  app.get("/api/system/setting", async (request) => ok(await listSettings(ctx, viewerOf(request))));
  app.post("/api/system/setting", async (request) => ok(await upsertSetting(ctx, viewerOf(request), request.body)));
  app.post("/api/system/vacuum", async (request) => {
    await vacuum(ctx, viewerOf(request));
    return ok(true);
  });
}
