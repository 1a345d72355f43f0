// RSS feeds: /u/:id/rss.xml (one user's public memos) and /explore/rss.xml (everyone's).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { buildFeed } from "../services/rss.service.js";
import { parseId } from "../services/validate.js";

const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const XML = "application/xml; charset=UTF-8";

export async function rssRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string } }>("/u/:id/rss.xml", async (request, reply) => {
    const creatorId = parseId(request.params.id, "User id");
    reply.type(XML);
    return buildFeed(ctx, { baseUrl: baseUrl(request), creatorId });
  });
  app.get("/explore/rss.xml", async (request, reply) => {
    reply.type(XML);
    return buildFeed(ctx, { baseUrl: baseUrl(request) });
  });
}
