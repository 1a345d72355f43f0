// /api/reaction, /api/memo/:memoId/reaction and /api/comment/:commentId/reaction: emoji reactions on memos and comments.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { addCommentReaction, addReaction, listMemoReactions, removeCommentReaction, removeReaction } from "../services/reaction.service.js";

export const reactionHandlers = (ctx: AppContext) =>
  ({
    "reaction.list": async (request) => listMemoReactions(ctx, viewerOf(request), request.query.memoIds),
    "reaction.add": async (request) => addReaction(ctx, viewerOf(request), request.params.memoId, request.body.emoji),
    "reaction.remove": async (request) => removeReaction(ctx, viewerOf(request), request.params.memoId, request.body.emoji),
    "reaction.comment-add": async (request) => addCommentReaction(ctx, viewerOf(request), request.params.commentId, request.body.emoji),
    "reaction.comment-remove": async (request) =>
      removeCommentReaction(ctx, viewerOf(request), request.params.commentId, request.body.emoji),
  }) satisfies Handlers<"reaction">;
