// /api/shortcut: saved filters.
import { shortcutCreateSchema, shortcutPatchSchema } from "@memos/common";
import { shortcutEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, input, params, pathId } from "../http/route-schema.js";
import { authorizedShortcut, createShortcut, deleteShortcut, getShortcut, listShortcuts, patchShortcut } from "../services/shortcut.service.js";

const idParams = params({ shortcutId: pathId() });

export async function shortcutRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get("/api/shortcut", { schema: { summary: "The caller's shortcuts", response: answers(z.array(shortcutEntitySchema)) } }, async (request) =>
    ok(await listShortcuts(ctx, viewerOf(request))),
  );
  app.post(
    "/api/shortcut",
    {
      schema: {
        summary: "Save a filter as a shortcut",
        body: input(shortcutCreateSchema, "Malformatted post shortcut request"),
        response: answers(shortcutEntitySchema),
      },
    },
    async (request) => ok(await createShortcut(ctx, viewerOf(request), request.body)),
  );
  app.get("/api/shortcut/:shortcutId", { schema: { summary: "One shortcut", params: idParams, response: answers(shortcutEntitySchema) } }, async (request) =>
    ok(await getShortcut(ctx, viewerOf(request), request.params.shortcutId)),
  );
  app.patch(
    "/api/shortcut/:shortcutId",
    {
      schema: {
        summary: "Change a shortcut",
        params: idParams,
        body: input(shortcutPatchSchema, "Malformatted patch shortcut request"),
        response: answers(shortcutEntitySchema),
      },
      // A 404 comes before a 400 of the body, as in v0.
      preValidation: checkFirst(idParams, (request, { shortcutId }) => authorizedShortcut(ctx, viewerOf(request), shortcutId, "update")),
    },
    async (request) => ok(await patchShortcut(ctx, viewerOf(request), request.params.shortcutId, request.body)),
  );
  app.delete(
    "/api/shortcut/:shortcutId",
    { schema: { summary: "Delete a shortcut", params: idParams, response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await deleteShortcut(ctx, viewerOf(request), request.params.shortcutId);
      return true;
    },
  );
}
