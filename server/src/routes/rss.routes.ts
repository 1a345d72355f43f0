// RSS feeds: /u/:id/rss.xml (one user's public memos) and /explore/rss.xml (everyone's).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { answers, params, pathId } from "../http/route-schema.js";
import { buildFeed } from "../services/rss.service.js";

const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const XML = "application/xml; charset=UTF-8";
const FEED = answers(z.string(), { raw: true, contentType: "application/xml", description: "An RSS 2.0 feed of public memos" });

export async function rssRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/u/:id/rss.xml",
    { schema: { summary: "One user's public memos as RSS", params: params({ id: pathId("User id") }), response: FEED } },
    async (request, reply) => {
      reply.type(XML);
      return buildFeed(ctx, { baseUrl: baseUrl(request), creatorId: request.params.id });
    },
  );
  app.get("/explore/rss.xml", { schema: { summary: "Everyone's public memos as RSS", response: FEED } }, async (request, reply) => {
    reply.type(XML);
    return buildFeed(ctx, { baseUrl: baseUrl(request) });
  });
}
