// /api/reaction and /api/memo/:memoId/reaction: emoji reactions on memos.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { addReaction, listMemoReactions, removeReaction } from "../services/reaction.service.js";

export const reactionHandlers = (ctx: AppContext) =>
  ({
    "reaction.list": async (request) => listMemoReactions(ctx, viewerOf(request), request.query.memoIds),
    "reaction.add": async (request) => addReaction(ctx, viewerOf(request), request.params.memoId, request.body.emoji),
    "reaction.remove": async (request) => removeReaction(ctx, viewerOf(request), request.params.memoId, request.body.emoji),
  }) satisfies Handlers<"reaction">;
