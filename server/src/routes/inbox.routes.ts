// /api/inbox: mentions, reactions and comments that concern the caller.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { listInbox, markRead } from "../services/inbox.service.js";

export const inboxHandlers = (ctx: AppContext) =>
  ({
    "inbox.list": async (request) => listInbox(ctx, viewerOf(request), request.query),
    "inbox.read": async (request) => markRead(ctx, viewerOf(request), request.body),
  }) satisfies Handlers<"inbox">;
