// /api/memo/:memoId/comment, /api/comment/:commentId and /api/memo/comment-count: comments on memos.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import {
  closeComments,
  countMemoComments,
  createComment,
  listMemoComments,
  removeComment,
  updateComment,
} from "../services/comment.service.js";

export const commentHandlers = (ctx: AppContext) =>
  ({
    "comment.count": async (request) => countMemoComments(ctx, viewerOf(request), request.query.memoIds),
    "comment.list": async (request) => listMemoComments(ctx, viewerOf(request), request.params.memoId, request.query),
    "comment.create": async (request) => createComment(ctx, viewerOf(request), request.params.memoId, request.body),
    "comment.close": async (request) => closeComments(ctx, viewerOf(request), request.params.memoId, request.body.closed),
    "comment.update": async (request) => updateComment(ctx, viewerOf(request), request.params.commentId, request.body),
    "comment.delete": async (request) => removeComment(ctx, viewerOf(request), request.params.commentId),
  }) satisfies Handlers<"comment">;
