// /api/trash: the caller's deleted memos, restored or deleted forever.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { deleteTrashedMemo, emptyTrash, listTrashedMemos, restoreTrashedMemo } from "../services/trash.service.js";

export const trashHandlers = (ctx: AppContext) =>
  ({
    "trash.list": async (request) => listTrashedMemos(ctx, viewerOf(request), request.query),
    "trash.restore": async (request) => restoreTrashedMemo(ctx, viewerOf(request), request.params.memoId),
    "trash.delete": async (request) => {
      await deleteTrashedMemo(ctx, viewerOf(request), request.params.memoId);
      return true as const;
    },
    "trash.empty": async (request) => emptyTrash(ctx, viewerOf(request)),
  }) satisfies Handlers<"trash">;
