// /api/access-token: personal access tokens, managed from a signed-in session.
import { accessTokenCreateSchema } from "@memos/common";
import { accessTokenEntitySchema, createdAccessTokenEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, input, params, pathId } from "../http/route-schema.js";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../services/access-token.service.js";

const idParams = params({ tokenId: pathId("Access token ID") });

export async function accessTokenRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/access-token",
    { schema: { summary: "The caller's access tokens (never the tokens themselves)", response: answers(z.array(accessTokenEntitySchema)) } },
    async (request) => ok(await listAccessTokens(ctx, viewerOf(request))),
  );
  app.post(
    "/api/access-token",
    {
      schema: {
        summary: "Create an access token; the answer is the only time the token is shown",
        body: input(accessTokenCreateSchema, "Malformatted post access token request"),
        response: answers(createdAccessTokenEntitySchema),
      },
    },
    async (request) => ok(await createAccessToken(ctx, viewerOf(request), request.body)),
  );
  app.delete(
    "/api/access-token/:tokenId",
    { schema: { summary: "Revoke an access token (its next request gets 401)", params: idParams, response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await revokeAccessToken(ctx, viewerOf(request), request.params.tokenId);
      return true;
    },
  );
}
