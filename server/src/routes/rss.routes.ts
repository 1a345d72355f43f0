// RSS feeds: /u/:id/rss.xml (one user's public memos) and /explore/rss.xml (everyone's).
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import type { Handlers } from "../http/route-table.js";
import { buildFeed } from "../services/rss.service.js";

const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const XML = "application/xml; charset=UTF-8";

export const rssHandlers = (ctx: AppContext) =>
  ({
    "rss.user": async (request, reply) => {
      reply.type(XML);
      return buildFeed(ctx, { baseUrl: baseUrl(request), creatorId: request.params.id });
    },
    "rss.explore": async (request, reply) => {
      reply.type(XML);
      return buildFeed(ctx, { baseUrl: baseUrl(request) });
    },
  }) satisfies Handlers<"rss">;
