// /api/access-token: personal access tokens, managed from a signed-in session.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../services/access-token.service.js";

export const accessTokenHandlers = (ctx: AppContext) =>
  ({
    "access-token.list": async (request) => listAccessTokens(ctx, viewerOf(request)),
    "access-token.create": async (request) => createAccessToken(ctx, viewerOf(request), request.body),
    "access-token.revoke": async (request) => {
      await revokeAccessToken(ctx, viewerOf(request), request.params.tokenId);
      return true;
    },
  }) satisfies Handlers<"access-token">;
