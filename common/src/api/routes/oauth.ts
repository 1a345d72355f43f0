// Signing MCP clients in with OAuth 2.1: the metadata documents (RFC 9728, RFC 8414), dynamic client registration
// (RFC 7591), the token and revocation endpoints, all outside /api where the specs put them; and the consent page's
// two calls. The authorization endpoint itself, `/oauth/authorize`, is a page of the web app.
import {
  authorizationCheckSchema,
  authorizationDecisionSchema,
  authorizationRedirectSchema,
  authorizationRequestSchema,
  authorizationServerMetadataSchema,
  clientRegistrationRequestSchema,
  clientRegistrationSchema,
  protectedResourceMetadataSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from "../schemas/oauth.js";
import { bare, data, input, route } from "../route.js";
import { BODY_LIMIT_FLOOR } from "../body-limits.js";
import { z } from "zod";

const OFF = "The host turned MCP off (`access_denied`)";

export const oauthRoutes = {
  "oauth.resourceMetadata": route({
    method: "GET",
    path: "/.well-known/oauth-protected-resource",
    summary: "Protected resource metadata (RFC 9728) of the MCP endpoint",
    access: "anonymous",
    oauth: true,
    answer: bare(protectedResourceMetadataSchema),
  }),
  "oauth.mcpResourceMetadata": route({
    method: "GET",
    path: "/.well-known/oauth-protected-resource/mcp",
    summary: "Protected resource metadata (RFC 9728) at the path the MCP endpoint's WWW-Authenticate names",
    access: "anonymous",
    oauth: true,
    answer: bare(protectedResourceMetadataSchema),
  }),
  "oauth.serverMetadata": route({
    method: "GET",
    path: "/.well-known/oauth-authorization-server",
    summary: "Authorization server metadata (RFC 8414)",
    access: "anonymous",
    oauth: true,
    answer: bare(authorizationServerMetadataSchema),
  }),
  "oauth.register": route({
    method: "POST",
    path: "/oauth/register",
    summary: "Register a public client (RFC 7591): answers 201 with its `client_id`",
    description:
      "Public clients only (`token_endpoint_auth_method` `none`). Redirect URIs: https, http on a loopback host (any port at authorization time), or an app's private-use scheme; at most 10. Limited to 20 registrations an hour per client address (429). Unknown metadata is ignored.",
    access: "anonymous",
    oauth: true,
    body: input(clientRegistrationRequestSchema, "Malformatted client registration"),
    bodyLimit: { bytes: BODY_LIMIT_FLOOR.bytes },
    answer: bare(clientRegistrationSchema, "Created (status 201)"),
    errors: { 400: "`invalid_redirect_uri` or `invalid_client_metadata`", 403: OFF, 429: "Too many registrations from this address" },
  }),
  "oauth.token": route({
    method: "POST",
    path: "/oauth/token",
    summary: "Exchange an authorization code (with its PKCE verifier) or a refresh token for tokens",
    description:
      "application/x-www-form-urlencoded (JSON tolerated). The access token (`memos_pat_…`) lasts an hour and is accepted only by the MCP endpoint; the refresh token rotates on each use, and a refresh token or a code used twice revokes what it gave. `Cache-Control: no-store`.",
    access: "anonymous",
    oauth: true,
    body: input(tokenRequestSchema, "Malformatted token request"),
    answer: bare(tokenResponseSchema),
    errors: {
      400: "`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_target`",
      401: "`invalid_client`: no such client",
      403: OFF,
    },
  }),
  "oauth.revoke": route({
    method: "POST",
    path: "/oauth/revoke",
    summary: "Revoke an access or refresh token (RFC 7009): both stop working",
    description: "Answers 200 whether or not the token was known.",
    access: "anonymous",
    oauth: true,
    body: input(revokeRequestSchema, "Malformatted revocation request"),
    answer: bare(z.object({})),
    errors: { 401: "`invalid_client`: the token was issued to another client" },
  }),
  "oauth.checkAuthorization": route({
    method: "GET",
    path: "/api/oauth/authorization",
    summary: "Check an authorization request (the consent page): the client's name and what it asks for",
    description:
      "An unknown client or a redirect URI it did not register is an error shown on the page (never a redirect); any other fault of the request is `outcome: error` with the redirect URI that tells the client.",
    access: "public",
    query: input(authorizationRequestSchema, "Malformatted authorization request"),
    answer: data(authorizationCheckSchema),
    errors: { 400: "No such client, or a redirect URI it did not register", 403: "The host turned MCP off" },
  }),
  "oauth.decide": route({
    method: "POST",
    path: "/api/oauth/authorization",
    summary: "Approve or deny an authorization request: where to send the browser (with a code, or `access_denied`)",
    access: "session",
    body: input(authorizationDecisionSchema, "Malformatted authorization decision"),
    answer: data(authorizationRedirectSchema),
    errors: { 400: "No such client, or a redirect URI it did not register", 403: "The host turned MCP off" },
  }),
};
