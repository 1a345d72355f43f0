// The instance's public origin, as clients outside see it: the host's `customizedProfile.externalUrl` when set (an
// instance behind a proxy that does not pass the Host on, or reached by several names, says which is its own),
// else the request's own scheme and Host (the scheme is the proxy's only with --trust-proxy). The OAuth metadata,
// the issuer, the MCP resource's URL and the WWW-Authenticate of /mcp are built from it.
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { readSystemSetting } from "../store/sql/settings.js";

/** The host's external URL when set (an http(s) URL, no trailing slash), else null. */
export async function externalUrl(ctx: AppContext): Promise<string | null> {
  const profile = await readSystemSetting(ctx.store.db, "customizedProfile");
  const external = (profile.externalUrl ?? "").trim().replace(/\/+$/, "");
  if (external !== "" && URL.canParse(external) && /^https?:$/.test(new URL(external).protocol)) return external;
  return null;
}

/** The origin as the request asked for it: its scheme and Host (which the client chooses). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** `https://memos.example.com` (or `https://example.com/memos` when the external URL has a path): no trailing slash. */
export async function publicOrigin(ctx: AppContext, request: FastifyRequest): Promise<string> {
  return (await externalUrl(ctx)) ?? requestOrigin(request);
}
