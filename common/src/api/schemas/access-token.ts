// Personal access tokens (routes/access-token.ts).
import { z } from "zod";
import { ACCESS_TOKEN_SCOPES } from "../../domain/integrations.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { unixSeconds } from "../shared-schemas.js";

/** `POST /api/access-token`: a named token, read-only or read-write, expiring at `expiresTs` (Unix seconds) or never. */
export const accessTokenCreateSchema = z.object({
  name: text(INPUT_LIMITS.tokenName).trim().min(1, "is required"),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  expiresTs: optional(unixSeconds),
});
export type AccessTokenCreate = z.infer<typeof accessTokenCreateSchema>;
export type AccessTokenCreateRequest = z.input<typeof accessTokenCreateSchema>;

export const accessTokenEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdTs: z.int(),
    expiresTs: z.int().nullable().describe("Unix seconds; null: never expires"),
    lastUsedTs: z.int().nullable(),
    lastUsedAddress: z.string().nullable().describe("The client address of the last use"),
    connectedApp: z
      .boolean()
      .describe("An app (an MCP client) got this token by signing in with OAuth; `name` is the name the app gave itself"),
  })
  .meta({ id: "AccessToken" });
/** A personal access token as its owner sees it (never the token itself, which is shown once). */
export type AccessToken = z.infer<typeof accessTokenEntitySchema>;

export const createdAccessTokenEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdTs: z.int(),
    expiresTs: z.int().nullable(),
    token: z.string().describe("Shown in this answer only; send it as Authorization: Bearer <token>"),
  })
  .meta({ id: "CreatedAccessToken" });
/** The answer of `POST /api/access-token`: the one time the token is shown. */
export type CreatedAccessToken = z.infer<typeof createdAccessTokenEntitySchema>;
