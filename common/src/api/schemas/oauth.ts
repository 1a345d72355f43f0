// The wire of the OAuth endpoints (routes/oauth.ts; RFC 6749, 7009, 7591, 8414, 8707, 9728 as the MCP authorization
// spec uses them): field names are the RFCs' (snake_case), unknown fields are ignored, and the rules beyond "a text of
// bounded size" are the server's, which answers them in OAuth's error shape.
import { z } from "zod";
import { ACCESS_TOKEN_SCOPES } from "../../domain/integrations.js";
import { OAUTH_ERRORS, OAUTH_LIMITS } from "../../domain/oauth.js";
import { optional, text } from "../schema-parts.js";

const param = (max = 2048) => optional(text(max));

export const protectedResourceMetadataSchema = z
  .object({
    resource: z.string().describe("The MCP endpoint: `<origin>/mcp`"),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string(),
    resource_documentation: z.string().optional(),
  })
  .meta({ id: "OAuthProtectedResourceMetadata" });

export const authorizationServerMetadataSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    revocation_endpoint: z.string(),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
    service_documentation: z.string().optional(),
  })
  .meta({ id: "OAuthAuthorizationServerMetadata" });

/** `POST /oauth/register` (RFC 7591): what we read of the client's metadata; everything else is ignored. */
export const clientRegistrationRequestSchema = z.object({
  redirect_uris: optional(z.array(z.string()).max(100, "too many")),
  client_name: optional(z.string().max(1000, "too long")),
  token_endpoint_auth_method: param(100),
  grant_types: optional(z.array(z.string().max(100)).max(10)),
  response_types: optional(z.array(z.string().max(100)).max(10)),
  scope: param(1000),
});
export type ClientRegistrationRequest = z.infer<typeof clientRegistrationRequestSchema>;

export const clientRegistrationSchema = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.int(),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    token_endpoint_auth_method: z.literal("none"),
    scope: z.string(),
  })
  .meta({ id: "OAuthClientRegistration" });
export type ClientRegistration = z.infer<typeof clientRegistrationSchema>;

/** `POST /oauth/token`: both grants' parameters; which are required is the server's rule (OAuth's error names it). */
export const tokenRequestSchema = z.object({
  grant_type: param(100),
  code: param(),
  redirect_uri: param(OAUTH_LIMITS.redirectUri),
  client_id: param(200),
  code_verifier: param(),
  refresh_token: param(),
  resource: param(),
  scope: param(1000),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.int(),
    refresh_token: z.string(),
    scope: z.string(),
  })
  .meta({ id: "OAuthTokenResponse" });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `POST /oauth/revoke` (RFC 7009). */
export const revokeRequestSchema = z.object({ token: param(), token_type_hint: param(100), client_id: param(200) });
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

/** The authorization request as the client put it in the URL of `/oauth/authorize`. */
export const authorizationRequestSchema = z.object({
  response_type: param(100),
  client_id: param(200),
  redirect_uri: param(OAUTH_LIMITS.redirectUri),
  code_challenge: param(200),
  code_challenge_method: param(100),
  state: param(),
  scope: param(1000),
  resource: param(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** `POST /api/oauth/authorization`: the request again, and the user's answer. */
export const authorizationDecisionSchema = z.object({
  request: authorizationRequestSchema,
  approve: z.boolean(),
  access: z.enum(ACCESS_TOKEN_SCOPES).describe("What the user grants: never more than the client asked"),
});
export type AuthorizationDecision = z.infer<typeof authorizationDecisionSchema>;
export type AuthorizationDecisionRequest = z.input<typeof authorizationDecisionSchema>;

export const authorizationCheckSchema = z
  .discriminatedUnion("outcome", [
    z.object({
      outcome: z.literal("consent"),
      client: z.object({
        clientId: z.string(),
        name: z.string().describe("As the client registered it: self-declared"),
        redirectHost: z.string().describe("Where the code is sent: the redirect URI's host, or the app's scheme"),
        createdTs: z.int(),
      }),
      access: z.enum(ACCESS_TOKEN_SCOPES).describe("What the client asks for"),
    }),
    z.object({
      outcome: z.literal("error"),
      error: z.enum(OAUTH_ERRORS),
      redirectTo: z.string().describe("The client's redirect URI with `error` (and `state`): the request is malformed"),
      redirectHost: z.string(),
    }),
  ])
  .meta({ id: "OAuthAuthorizationCheck" });
export type AuthorizationCheck = z.infer<typeof authorizationCheckSchema>;

export const authorizationRedirectSchema = z
  .object({ redirectTo: z.string().describe("Where the browser goes: the redirect URI with `code` or `error`, `state` and `iss`") })
  .meta({ id: "OAuthAuthorizationRedirect" });

export const oauthErrorSchema = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string().optional() })
  .meta({ id: "OAuthError", description: "An OAuth error (RFC 6749 §5.2): the OAuth routes answer this instead of the envelope" });
