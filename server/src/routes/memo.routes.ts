// /api/memo: memos, explore, stats, amount, pins and resource links.
import { type Memo, memoResourceLinkSchema, NEXT_CURSOR_HEADER } from "@memos/common";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import {
  createMemo,
  deleteMemo,
  exploreMemos,
  getMemo,
  listMemos,
  memoAmount,
  memoStats,
  patchMemo,
  pinMemo,
} from "../services/memo.service.js";
import { linkResourceToMemo, listMemoResources, unlinkResourceFromMemo } from "../services/resource.service.js";
import { parseId, parseInput } from "../services/validate.js";

type MemoParams = { Params: { memoId: string } };
type Query = { Querystring: Record<string, string | undefined> };

/** The wire's Go decoder matched keys case-insensitively; v0 clients send resourceId or resourceID. */
function normaliseLinkBody(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const entry = Object.entries(body).find(([key]) => key.toLowerCase() === "resourceid");
  return entry ? { resourceId: entry[1] } : body;
}

/** The v0 body ({"data": […]}) with the next page's cursor in a header, so v0 clients see no change. */
function page(reply: FastifyReply, result: { memos: Memo[]; nextCursor?: string }) {
  if (result.nextCursor !== undefined) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
  return ok(result.memos);
}

export async function memoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/memo", async (request) => ok(await createMemo(ctx, viewerOf(request), request.body)));
  app.get("/api/memo", async (request, reply) => page(reply, await listMemos(ctx, viewerOf(request), request.query)));
  app.get("/api/memo/all", async (request, reply) => page(reply, await exploreMemos(ctx, viewerOf(request), request.query)));
  app.get<Query>("/api/memo/stats", async (request) => ok(await memoStats(ctx, viewerOf(request), request.query)));
  app.get<Query>("/api/memo/amount", async (request) => ok(await memoAmount(ctx, viewerOf(request), request.query)));
  app.get<MemoParams>("/api/memo/:memoId", async (request) =>
    ok(await getMemo(ctx, viewerOf(request), parseId(request.params.memoId))),
  );
  app.patch<MemoParams>("/api/memo/:memoId", async (request) =>
    ok(await patchMemo(ctx, viewerOf(request), parseId(request.params.memoId), request.body)),
  );
  app.delete<MemoParams>("/api/memo/:memoId", async (request) => {
    await deleteMemo(ctx, viewerOf(request), parseId(request.params.memoId));
    return true;
  });
  app.post<MemoParams>("/api/memo/:memoId/organizer", async (request) =>
    ok(await pinMemo(ctx, viewerOf(request), parseId(request.params.memoId), request.body)),
  );
  app.post<MemoParams>("/api/memo/:memoId/resource", async (request) => {
    const memoId = parseId(request.params.memoId);
    const { resourceId } = parseInput(memoResourceLinkSchema, normaliseLinkBody(request.body), "Malformatted post memo resource request");
    return ok(await linkResourceToMemo(ctx, viewerOf(request), memoId, resourceId));
  });
  app.get<MemoParams>("/api/memo/:memoId/resource", async (request) =>
    ok(await listMemoResources(ctx, viewerOf(request), parseId(request.params.memoId))),
  );
  app.delete<{ Params: { memoId: string; resourceId: string } }>("/api/memo/:memoId/resource/:resourceId", async (request) => {
    const memoId = parseId(request.params.memoId, "Memo ID");
    const resourceId = parseId(request.params.resourceId, "Resource ID");
    await unlinkResourceFromMemo(ctx, viewerOf(request), memoId, resourceId);
    return true;
  });
}
