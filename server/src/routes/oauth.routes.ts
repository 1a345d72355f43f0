// OAuth for MCP clients: the metadata documents, registration, tokens and revocation (OAuth's error shape: the table
// marks them `oauth`), and the consent page's check and decision.
import type { AppContext } from "../context.js";
import { publicOrigin } from "../http/public-origin.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { checkAuthorization, decideAuthorization } from "../services/oauth-authorize.service.js";
import { registerClient, resourceMetadata, serverMetadata } from "../services/oauth.service.js";
import { exchangeToken, revokeToken } from "../services/oauth-token.service.js";

export const oauthHandlers = (ctx: AppContext) =>
  ({
    "oauth.resourceMetadata": async (request) => resourceMetadata(ctx, await publicOrigin(ctx, request)),
    "oauth.mcpResourceMetadata": async (request) => resourceMetadata(ctx, await publicOrigin(ctx, request)),
    "oauth.serverMetadata": async (request) => serverMetadata(await publicOrigin(ctx, request)),
    "oauth.register": async (request, reply) => {
      const registration = await registerClient(ctx, request.body, request.ip);
      reply.status(201).header("cache-control", "no-store");
      return registration;
    },
    "oauth.token": async (request, reply) => {
      const tokens = await exchangeToken(ctx, request.body, await publicOrigin(ctx, request));
      reply.header("cache-control", "no-store").header("pragma", "no-cache");
      return tokens;
    },
    "oauth.revoke": async (request) => {
      await revokeToken(ctx, request.body);
      return {};
    },
    "oauth.checkAuthorization": async (request) => checkAuthorization(ctx, request.query, await publicOrigin(ctx, request)),
    "oauth.decide": async (request) => decideAuthorization(ctx, viewerOf(request), request.body, await publicOrigin(ctx, request)),
  }) satisfies Handlers<"oauth">;
