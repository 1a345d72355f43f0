// The `WWW-Authenticate` challenge of a route that takes only a bearer access token (the MCP endpoint): it points
// an OAuth client at the route's protected-resource metadata (RFC 9728, the path-suffixed well-known URL), from which
// it finds where to ask the user for a token (RFC 6750 for the `error`). The URL is on the instance's public origin
// (the external URL when the host set one), as the metadata's `resource` is.
import { OAUTH_PATHS } from "@memos/common";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { publicOrigin } from "./public-origin.js";

export async function bearerChallenge(ctx: AppContext, request: FastifyRequest, route: string, error?: "invalid_token"): Promise<string> {
  const metadata = `${await publicOrigin(ctx, request)}${OAUTH_PATHS.resourceMetadata}${route}`;
  return `Bearer resource_metadata="${metadata}"${error ? `, error="${error}"` : ""}`;
}
