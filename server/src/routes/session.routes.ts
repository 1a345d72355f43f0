// /api/auth/sessions: where the caller is signed in, from a signed-in session.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { listSessions, revokeOtherSessions, revokeSession } from "../services/session.service.js";

export const sessionHandlers = (ctx: AppContext) =>
  ({
    "session.list": async (request) => listSessions(ctx, viewerOf(request)),
    "session.revoke": async (request) => {
      await revokeSession(ctx, viewerOf(request), request.params.sessionId);
      return true;
    },
    "session.revokeOthers": async (request) => {
      await revokeOtherSessions(ctx, viewerOf(request));
      return true;
    },
  }) satisfies Handlers<"session">;
