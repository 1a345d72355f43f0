// /api/memo: memos, explore, stats, amount, pins and resource links.
import { type Memo, type MemoCountQuery, type MemoListInput, type MemoListQuery, NEXT_CURSOR_HEADER } from "@memos/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { callerOf, viewerOf } from "../http/request-context.js";
import { type Handlers, JsonText } from "../http/route-table.js";
import {
  authorizedMemo,
  countMemos,
  createMemo,
  exploreMemos,
  getMemo,
  listMemos,
  memoAmount,
  memoIds,
  memoCalendar,
  memoStatsJson,
  patchMemo,
  pinMemo,
} from "../services/memo.service.js";
import { batchMemos } from "../services/memo-batch.service.js";
import { memoPlaces } from "../services/memo-place.service.js";
import { linkResourceToMemo, listMemoResources, unlinkResourceFromMemo } from "../services/resource.service.js";
import { getMemoRevision, listMemoRevisions, restoreMemoRevision } from "../services/history.service.js";
import { trashMemo } from "../services/trash.service.js";
import { countMemoBacklinks, getMemoRelation } from "../services/relation.service.js";

/** The wire's Go decoder matched keys case-insensitively; v0 clients send resourceId or resourceID. */
async function normaliseLinkBody(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== "object" || body === null) return;
  const entry = Object.entries(body).find(([key]) => key.toLowerCase() === "resourceid");
  if (entry) request.body = { resourceId: entry[1] };
}

/** The v0 body ({"data": […]}) with the next page's cursor in a header, so v0 clients see no change. */
function page(reply: FastifyReply, result: { memos: Memo[]; nextCursor?: string }): Memo[] {
  if (result.nextCursor !== undefined) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
  return result.memos;
}

/** A list's query string, as its schema parsed it, in the domain's terms the memo service takes (MCP builds them
 * directly). */
function listInput({ visibility, pinned, from, to, ...rest }: MemoCountQuery | MemoListQuery): MemoListInput {
  return { ...rest, visibilities: visibility, pinned: pinned === undefined ? undefined : pinned === "true", fromTs: from, toTs: to };
}

export const memoHandlers = (ctx: AppContext) =>
  ({
    "memo.create": async (request) => createMemo(ctx, viewerOf(request), request.body),
    "memo.list": async (request, reply) =>
      page(reply, await listMemos(ctx, viewerOf(request), listInput(request.query), callerOf(request))),
    "memo.explore": async (request, reply) =>
      page(reply, await exploreMemos(ctx, viewerOf(request), listInput(request.query), callerOf(request))),
    // The array's JSON comes from the database as text and is sent as it is: no array of numbers is built,
    // checked or serialized on the main thread.
    "memo.count": async (request) => countMemos(ctx, viewerOf(request), listInput(request.query), callerOf(request), "list"),
    "memo.exploreCount": async (request) => countMemos(ctx, viewerOf(request), listInput(request.query), callerOf(request), "explore"),
    "memo.stats": async (request) =>
      new JsonText<number[]>(
        await memoStatsJson(ctx, viewerOf(request), {
          creatorId: request.query.creatorId,
          fromTs: request.query.from,
          toTs: request.query.to,
        }),
      ),
    "memo.calendar": async (request) =>
      memoCalendar(ctx, viewerOf(request), { creatorId: request.query.creatorId, days: request.query.days }),
    "memo.places": async (request) => memoPlaces(ctx, viewerOf(request), request.query),
    "memo.amount": async (request) => memoAmount(ctx, viewerOf(request), { creatorId: request.query.userId }),
    "memo.ids": async (request) => memoIds(ctx, viewerOf(request), listInput(request.query), callerOf(request)),
    "memo.batch": async (request) => batchMemos(ctx, viewerOf(request), request.body),
    "memo.get": async (request) => getMemo(ctx, viewerOf(request), request.params.memoId),
    "memo.patch": {
      // 404/403 come before a 400 of the body, as in v0.
      checkFirst: (request, { memoId }) => authorizedMemo(ctx, viewerOf(request), memoId, "update"),
      handler: async (request) => patchMemo(ctx, viewerOf(request), request.params.memoId, request.body),
    },
    "memo.delete": async (request) => {
      await trashMemo(ctx, viewerOf(request), request.params.memoId);
      return true;
    },
    "memo.revisions": async (request) => listMemoRevisions(ctx, viewerOf(request), request.params.memoId, request.query),
    "memo.relationCount": async (request) => countMemoBacklinks(ctx, viewerOf(request), request.query.memoIds),
    "memo.relation": async (request) => getMemoRelation(ctx, viewerOf(request), request.params.memoId, request.query),
    "memo.revision": async (request) => getMemoRevision(ctx, viewerOf(request), request.params.memoId, request.params.revisionId),
    "memo.restoreRevision": async (request) =>
      restoreMemoRevision(ctx, viewerOf(request), request.params.memoId, request.params.revisionId),
    "memo.pin": {
      checkFirst: (request, { memoId }) => authorizedMemo(ctx, viewerOf(request), memoId, "pin"),
      handler: async (request) => pinMemo(ctx, viewerOf(request), request.params.memoId, request.body),
    },
    "memo.linkResource": {
      preValidation: normaliseLinkBody,
      handler: async (request) => linkResourceToMemo(ctx, viewerOf(request), request.params.memoId, request.body.resourceId),
    },
    "memo.resources": async (request) => listMemoResources(ctx, viewerOf(request), request.params.memoId),
    "memo.unlinkResource": async (request) => {
      await unlinkResourceFromMemo(ctx, viewerOf(request), request.params.memoId, request.params.resourceId);
      return true;
    },
  }) satisfies Handlers<"memo">;
