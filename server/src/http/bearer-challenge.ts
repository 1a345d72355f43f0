// The `WWW-Authenticate` challenge of a route that takes only a bearer access token (the MCP endpoint): it points
// an OAuth client at the route's protected-resource metadata (RFC 9728, the path-suffixed well-known URL), from which
// it finds where to ask the user for a token (RFC 6750 for the `error`).
import type { FastifyRequest } from "fastify";

export function bearerChallenge(request: FastifyRequest, route: string, error?: "invalid_token"): string {
  const metadata = `${request.protocol}://${request.host}/.well-known/oauth-protected-resource${route}`;
  return `Bearer resource_metadata="${metadata}"${error ? `, error="${error}"` : ""}`;
}
