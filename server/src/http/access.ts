// The hook that resolves the caller, refuses cross-site cookie requests, and requires a user where the route table
// says so. Who may call a route is its entry's `access` (common/src/api/route.ts), which the route table puts in
// the route's config (http/route-table.ts). Every decision is keyed on the route the router matched
// (`request.routeOptions`, e.g. /api/memo/:memoId), never on the URL as sent: the router decodes `/%61pi/user` to
// /api/user, and a check reading the raw URL would let that spelling through unchecked.
import { type Access, ROUTES, SESSION_COOKIE } from "@memos/common";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { isAccessToken } from "../auth/access-token.js";
import { forbidden, HttpError, unauthenticated } from "../errors.js";
import { authorizeTokenAudience, authorizeTokenScope } from "../policies/access-token.policy.js";
import { authorizePendingSession } from "../policies/two-factor.policy.js";
import { resolveActor } from "../services/auth.service.js";
import { bearerChallenge } from "./bearer-challenge.js";
import { allowAnyOrigin } from "./oauth-route.js";

/** Swagger UI's assets, public as the page they belong to. */
const DOCS_ASSETS = `${ROUTES["docs.page"].path}/`;

/**
 * The access of a route outside the table: the web app reads no credential; Swagger UI's assets are public; any
 * other route under /api (none should be: a test checks every one is in the table) requires a user.
 */
function accessOutsideTable(url: string): Access {
  if (url.startsWith(DOCS_ASSETS)) return "public";
  return url.startsWith("/api/") ? "signed-in" : "anonymous";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `Authorization: Bearer <personal access token or open ID>`, else v0's `?openId=`. */
function tokenCredentials(request: FastifyRequest): { bearer?: string; openId?: string } {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const bearer = header.slice("Bearer ".length).trim();
    if (bearer) return { bearer };
  }
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.openId === "string" && query.openId !== "" ? { openId: query.openId } : {};
}

/** A state-changing browser request must come from our own origin (Origin, or Sec-Fetch-Site). */
function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      // The whole origin (scheme, host and port), both sides through URL so that a default port written out on
      // one side ("host:80") still matches. Behind a TLS proxy the scheme is known only with --trust-proxy.
      return new URL(origin).origin !== new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return true;
    }
  }
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/**
 * The caller of a `token` route: a personal access token in `Authorization: Bearer`, nothing else (not the cookie,
 * not the open ID). Its scope is the route's to judge. A 401 carries the challenge that leads an OAuth client on.
 */
async function bearerActor(ctx: AppContext, request: FastifyRequest, route: string, bearer: string | undefined) {
  if (bearer === undefined || !isAccessToken(bearer))
    throw unauthenticated("Send a personal access token: Authorization: Bearer memos_pat_…", {
      reason: "auth.token-required",
      headers: { "www-authenticate": await bearerChallenge(ctx, request, route) },
    });
  try {
    return await resolveActor(ctx, { bearer, address: request.ip });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    const challenge = await bearerChallenge(ctx, request, route, "invalid_token");
    throw new HttpError(401, error.message, { reason: error.reason, headers: { ...error.headers, "www-authenticate": challenge } });
  }
}

export function registerAccessHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request, reply) => {
    // An unmatched request reaches only the not-found handler (routes/static.routes.ts), which writes nothing.
    const route = request.routeOptions.url;
    if (route === undefined) return;
    const access = request.routeOptions.config.access ?? accessOutsideTable(route);
    // OAuth's endpoints read no cookie (they are `anonymous`): any site's code may call them.
    if (request.routeOptions.config.oauth) {
      allowAnyOrigin(reply);
      return;
    }
    // Signing in, up and out (and the feeds) act on the cookie or on nothing, and never check a token.
    const readsCredentials = access !== "anonymous";
    const credentials = tokenCredentials(request);
    // A token spares a request the cross-site rule only where it is then checked (a bad one is a 401): on a
    // sign-in route, `?openId=anything` would otherwise let another site sign a browser in.
    const tokenChecked = readsCredentials && (credentials.bearer ?? credentials.openId) !== undefined;
    if (!SAFE_METHODS.has(request.method) && !tokenChecked && isCrossSite(request)) {
      throw forbidden("Cross-site request refused", { reason: "auth.cross-site" });
    }
    if (!readsCredentials) return;
    if (access === "token") {
      request.viewer = await bearerActor(ctx, request, route, credentials.bearer);
      return;
    }
    request.viewer = await resolveActor(ctx, { ...credentials, sessionToken: request.cookies[SESSION_COOKIE], address: request.ip });
    // A v1 RPC's scope follows its REST verb: Connect posts reads too.
    authorizeTokenScope(request.viewer, request.routeOptions.config.v1?.verb ?? request.method);
    authorizeTokenAudience(request.viewer, request.routeOptions.config.routeName);
    authorizePendingSession(request.viewer, request.routeOptions.config.routeName);
    if ((access === "signed-in" || access === "session") && request.viewer === null) throw unauthenticated();
  });
}

/**
 * Whether the credential of a request that resolved to an account (a live stream's) still resolves to that account
 * with the same role: false once its session is signed out or expired, its token revoked, or the account archived,
 * deleted or given another role. A failure that is not the credential's (the database unreachable) is not held against it.
 */
export async function stillActs(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const before = request.viewer;
  if (before === null) return true;
  try {
    const now = await resolveActor(ctx, {
      ...tokenCredentials(request),
      sessionToken: request.cookies[SESSION_COOKIE],
      address: request.ip,
    });
    return now !== null && now.id === before.id && now.role === before.role;
  } catch (error) {
    return !(error instanceof HttpError);
  }
}
