// /api/tag: the tag list, creation, deletion and suggestions.
import { tagCreateSchema } from "@memos/common";
import { tagCountEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, input } from "../http/route-schema.js";
import { countTags, createTag, deleteTag, listTags, suggestTags } from "../services/tag.service.js";

export async function tagRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get("/api/tag", { config: { cacheable: true }, schema: { summary: "The caller's tags", response: answers(z.array(z.string())) } }, async (request) =>
    ok(await listTags(ctx, viewerOf(request))),
  );
  app.get(
    "/api/tag/suggestion",
    { schema: { summary: "Tags found in the caller's memos that are not in its tag list", response: answers(z.array(z.string())) } },
    async (request) => ok(await suggestTags(ctx, viewerOf(request))),
  );
  app.get(
    "/api/tag/count",
    {
      config: { cacheable: true },
      schema: { summary: "The caller's tags (listed or used in their memos) with their memo counts", response: answers(z.array(tagCountEntitySchema)) },
    },
    async (request) => ok(await countTags(ctx, viewerOf(request))),
  );
  app.post(
    "/api/tag",
    { schema: { summary: "Add a tag", body: input(tagCreateSchema, "Malformatted post tag request"), response: answers(z.string()) } },
    async (request) => ok(await createTag(ctx, viewerOf(request), request.body)),
  );
  app.delete(
    "/api/tag/:tagName",
    { schema: { summary: "Delete a tag", params: z.object({ tagName: z.string() }), response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await deleteTag(ctx, viewerOf(request), request.params.tagName);
      return true;
    },
  );
}
