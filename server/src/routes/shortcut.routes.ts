// /api/shortcut: saved filters.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { createShortcut, deleteShortcut, getShortcut, listShortcuts, patchShortcut } from "../services/shortcut.service.js";
import { parseId } from "../services/validate.js";

type IdParams = { Params: { shortcutId: string } };

export async function shortcutRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/shortcut", async (request) => ok(await listShortcuts(ctx, viewerOf(request))));
  app.post("/api/shortcut", async (request) => ok(await createShortcut(ctx, viewerOf(request), request.body)));
  app.get<IdParams>("/api/shortcut/:shortcutId", async (request) =>
    ok(await getShortcut(ctx, viewerOf(request), parseId(request.params.shortcutId))),
  );
  app.patch<IdParams>("/api/shortcut/:shortcutId", async (request) =>
    ok(await patchShortcut(ctx, viewerOf(request), parseId(request.params.shortcutId), request.body)),
  );
  app.delete<IdParams>("/api/shortcut/:shortcutId", async (request) => {
    await deleteShortcut(ctx, viewerOf(request), parseId(request.params.shortcutId));
    return true;
  });
}
