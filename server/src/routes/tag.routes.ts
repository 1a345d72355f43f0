// /api/tag: the tag list, creation, deletion and suggestions.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { createTag, deleteTag, listTags, suggestTags } from "../services/tag.service.js";

export async function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/tag", async (request) => ok(await listTags(ctx, viewerOf(request))));
  app.get("/api/tag/suggestion", async (request) => ok(await suggestTags(ctx, viewerOf(request))));
  app.post("/api/tag", async (request) => ok(await createTag(ctx, viewerOf(request), request.body)));
  app.delete<{ Params: { tagName: string } }>("/api/tag/:tagName", async (request) => {
    await deleteTag(ctx, viewerOf(request), request.params.tagName);
    return true;
  });
}
