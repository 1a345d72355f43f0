// What a route marked `oauth` in the table gets beyond the others: OAuth's form-encoded bodies (RFC 6749 §3.2 sends
// the token request as application/x-www-form-urlencoded; elsewhere that content type is read as JSON, as v0's
// clients send it), and the answers that let any site's code call it (CORS: no cookie is read on these routes, so
// there is nothing for the same-origin rule to protect). Errors in OAuth's shape are errors.ts's.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { OAuthError } from "../errors.js";

/** Replaces, in `scope` only, the form-encoded parser: each parameter once (RFC 6749 §3.1), as a text. */
export function registerOAuthBodyParser(scope: FastifyInstance): void {
  scope.removeContentTypeParser("application/x-www-form-urlencoded");
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      if (Object.hasOwn(fields, name)) return done(new OAuthError(400, "invalid_request", `${name.slice(0, 64)} is repeated`), undefined);
      fields[name] = value;
    }
    done(null, fields);
  });
}

/** Any origin may read the answer (set on every OAuth route by the access hook). */
export const allowAnyOrigin = (reply: FastifyReply) => reply.header("access-control-allow-origin", "*");

/** The CORS preflight of a POST OAuth route (a browser asks before posting JSON from another site). */
export function preflightRoute(path: string): RouteOptions {
  return {
    method: "OPTIONS",
    url: path,
    schema: { hide: true },
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      allowAnyOrigin(reply)
        .header("access-control-allow-methods", "POST, OPTIONS")
        .header("access-control-allow-headers", "content-type, authorization, mcp-protocol-version")
        .header("access-control-max-age", "86400")
        .status(204)
        .send(),
  };
}
