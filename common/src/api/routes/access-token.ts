// Personal access tokens, managed from a signed-in session.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { accessTokenCreateSchema, accessTokenEntitySchema, createdAccessTokenEntitySchema } from "../schemas/access-token.js";
import { bare, data, input, route } from "../route.js";

export const accessTokenRoutes = {
  "access-token.list": route({
    method: "GET",
    path: "/api/access-token",
    summary: "The caller's access tokens (never the tokens themselves)",
    access: "session",
    answer: data(z.array(accessTokenEntitySchema)),
  }),
  "access-token.create": route({
    method: "POST",
    path: "/api/access-token",
    summary: "Create an access token; the answer is the only time the token is shown",
    access: "session",
    body: input(accessTokenCreateSchema, "Malformatted post access token request"),
    answer: data(createdAccessTokenEntitySchema),
  }),
  "access-token.revoke": route({
    method: "DELETE",
    path: "/api/access-token/:tokenId",
    summary: "Revoke an access token (its next request gets 401)",
    access: "session",
    params: z.object({ tokenId: pathId("Access token ID") }),
    answer: bare(z.literal(true)),
    errors: { 404: "No such token of the caller's, or revoked already" },
  }),
};
