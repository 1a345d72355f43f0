// /api/memo: memos, explore, stats, amount, pins and resource links.
import {
  type Memo,
  memoAmountQuerySchema,
  memoCreateSchema,
  memoListQuerySchema,
  memoOrganizerSchema,
  memoPatchSchema,
  memoResourceLinkSchema,
  memoStatsQuerySchema,
  NEXT_CURSOR_HEADER,
} from "@memos/common";
import { memoEntitySchema, resourceEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { callerOf, ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, input, params, pathId } from "../http/route-schema.js";
import {
  authorizedMemo,
  createMemo,
  deleteMemo,
  exploreMemos,
  getMemo,
  listMemos,
  memoAmount,
  memoStatsJson,
  patchMemo,
  pinMemo,
} from "../services/memo.service.js";
import { linkResourceToMemo, listMemoResources, unlinkResourceFromMemo } from "../services/resource.service.js";

const memoParams = params({ memoId: pathId() });
const TRUE = answers(z.literal(true), { raw: true });

/** The wire's Go decoder matched keys case-insensitively; v0 clients send resourceId or resourceID. */
async function normaliseLinkBody(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== "object" || body === null) return;
  const entry = Object.entries(body).find(([key]) => key.toLowerCase() === "resourceid");
  if (entry) request.body = { resourceId: entry[1] };
}

/** The v0 body ({"data": […]}) with the next page's cursor in a header, so v0 clients see no change. */
function page(reply: FastifyReply, result: { memos: Memo[]; nextCursor?: string }) {
  if (result.nextCursor !== undefined) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
  return ok(result.memos);
}

/** These answers depend only on the viewer, the URL and the data: see http/response-cache.ts. */
const CACHEABLE = { cacheable: true };
/** The largest heat map kept: about 180,000 display times. */
const STATS_CACHE_BYTES = 2 * 1024 * 1024;

const PAGED = `A page of memos; when more follow, the \`${NEXT_CURSOR_HEADER}\` header holds the \`cursor\` of the next page.`;

/** The query and the answer of both lists, the caller's (`GET /api/memo`) and explore (`GET /api/memo/all`). */
const LIST = {
  querystring: input(memoListQuerySchema, "Malformatted memo list query"),
  response: answers(z.array(memoEntitySchema), { description: PAGED }),
};

export async function memoRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/memo",
    { schema: { summary: "Create a memo", body: input(memoCreateSchema, "Malformatted post memo request"), response: answers(memoEntitySchema) } },
    async (request) => ok(await createMemo(ctx, viewerOf(request), request.body)),
  );
  app.get(
    "/api/memo",
    {
      config: CACHEABLE,
      schema: { summary: "The caller's memos, or a creator's memos as the caller may see them (pinned first)", ...LIST },
    },
    async (request, reply) => page(reply, await listMemos(ctx, viewerOf(request), request.query, callerOf(request))),
  );
  app.get(
    "/api/memo/all",
    {
      config: CACHEABLE,
      schema: { summary: "Explore: everyone's memos the caller may see, newest first", ...LIST },
    },
    async (request, reply) => page(reply, await exploreMemos(ctx, viewerOf(request), request.query, callerOf(request))),
  );
  app.get(
    "/api/memo/stats",
    {
      // A large account's answer is hundreds of kilobytes: kept too, so a heat map asked for again costs nothing.
      config: { cacheable: { maxEntryBytes: STATS_CACHE_BYTES } },
      schema: {
        summary: "Display times (Unix seconds) of a creator's memos, for the heat map",
        querystring: input(memoStatsQuerySchema, "Malformatted memo stats query"),
        response: answers(z.array(z.int())),
      },
    },
    // The array's JSON comes from the database as text and is sent as it is: no array of numbers is built,
    // checked or serialized on the main thread.
    async (request, reply) => reply.type("application/json; charset=utf-8").send(`{"data":${await memoStatsJson(ctx, viewerOf(request), request.query)}}`),
  );
  app.get(
    "/api/memo/amount",
    {
      config: CACHEABLE,
      schema: {
        summary: "How many memos the caller may read (of one user, or of everyone)",
        querystring: input(memoAmountQuerySchema, "Malformatted memo amount query"),
        response: answers(z.int()),
      },
    },
    async (request) => ok(await memoAmount(ctx, viewerOf(request), request.query)),
  );
  app.get("/api/memo/:memoId", { schema: { summary: "One memo", params: memoParams, response: answers(memoEntitySchema) } }, async (request) =>
    ok(await getMemo(ctx, viewerOf(request), request.params.memoId)),
  );
  app.patch(
    "/api/memo/:memoId",
    {
      schema: {
        summary: "Change a memo",
        params: memoParams,
        body: input(memoPatchSchema, "Malformatted patch memo request"),
        response: answers(memoEntitySchema),
      },
      // 404/403 come before a 400 of the body, as in v0.
      preValidation: checkFirst(memoParams, (request, { memoId }) => authorizedMemo(ctx, viewerOf(request), memoId, "update")),
    },
    async (request) => ok(await patchMemo(ctx, viewerOf(request), request.params.memoId, request.body)),
  );
  app.delete("/api/memo/:memoId", { schema: { summary: "Delete a memo", params: memoParams, response: TRUE } }, async (request) => {
    await deleteMemo(ctx, viewerOf(request), request.params.memoId);
    return true;
  });
  app.post(
    "/api/memo/:memoId/organizer",
    {
      schema: {
        summary: "Pin or unpin a memo for the caller",
        params: memoParams,
        body: input(memoOrganizerSchema, "Malformatted post memo organizer request"),
        response: answers(memoEntitySchema),
      },
      preValidation: checkFirst(memoParams, (request, { memoId }) => authorizedMemo(ctx, viewerOf(request), memoId, "pin")),
    },
    async (request) => ok(await pinMemo(ctx, viewerOf(request), request.params.memoId, request.body)),
  );
  app.post(
    "/api/memo/:memoId/resource",
    {
      schema: {
        summary: "Link one of the caller's resources to a memo",
        description: "The key `resourceId` is matched in any letter case (`resourceID`), as v0 did.",
        params: memoParams,
        body: input(memoResourceLinkSchema, "Malformatted post memo resource request"),
        response: answers(resourceEntitySchema),
      },
      preValidation: normaliseLinkBody,
    },
    async (request) => ok(await linkResourceToMemo(ctx, viewerOf(request), request.params.memoId, request.body.resourceId)),
  );
  app.get(
    "/api/memo/:memoId/resource",
    { schema: { summary: "The resources linked to a memo", params: memoParams, response: answers(z.array(resourceEntitySchema)) } },
    async (request) => ok(await listMemoResources(ctx, viewerOf(request), request.params.memoId)),
  );
  app.delete(
    "/api/memo/:memoId/resource/:resourceId",
    {
      schema: {
        summary: "Unlink a resource from a memo",
        params: params({ memoId: pathId("Memo ID"), resourceId: pathId("Resource ID") }),
        response: TRUE,
      },
    },
    async (request) => {
      await unlinkResourceFromMemo(ctx, viewerOf(request), request.params.memoId, request.params.resourceId);
      return true;
    },
  );
}
