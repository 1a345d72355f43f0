// The single source of truth for which API routes a visitor may call without signing in, and the hook
// that resolves the caller, refuses cross-site cookie requests, and requires a user everywhere else.
// Every decision is keyed on the route the router matched (`request.routeOptions.url`, e.g. /api/memo/:memoId),
// never on the URL as sent: the router decodes `/%61pi/user` to /api/user, and a check reading the raw URL would
// let that spelling through unchecked.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { authorizeTokenScope } from "../policies/access-token.policy.js";
import { resolveActor } from "../services/auth.service.js";

/** Routes open to anonymous callers (read-only) and the auth routes themselves. */
const PUBLIC_ROUTES = new Set([
  "GET /api/ping",
  "GET /api/status",
  "GET /api/user/:id",
  "GET /api/memo",
  "GET /api/memo/all",
  "GET /api/memo/stats",
  "GET /api/memo/amount",
  "GET /api/memo/:memoId",
  "GET /api/memo/:memoId/resource",
  "POST /api/auth/signin",
  "POST /api/auth/signup",
  "POST /api/auth/signout",
  "GET /api/auth/session",
  // The API's own description and its reference page (with Swagger UI's assets under /api/docs/).
  "GET /api/openapi.json",
]);

const PUBLIC_PREFIXES = ["GET /api/docs"];

/** Whether a visitor may call this route (`url` as registered, e.g. /api/memo/:memoId). */
export function isPublicRoute(method: string, url: string): boolean {
  const key = `${method === "HEAD" ? "GET" : method} ${url}`;
  return PUBLIC_ROUTES.has(key) || PUBLIC_PREFIXES.some((prefix) => key === prefix || key.startsWith(`${prefix}/`));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The routes whose caller is resolved here: the API and v0's file links. The rest (the web app, feeds) are the same for everyone. */
const GUARDED_PREFIXES = ["/api/", "/o/", "/h/"];

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

export function registerAccessHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request) => {
    // An unmatched request reaches only the not-found handler (routes/static.routes.ts), which writes nothing.
    const route = request.routeOptions.url;
    if (route === undefined) return;
    const guarded = GUARDED_PREFIXES.some((prefix) => route.startsWith(prefix));
    // Sign-in, sign-up and sign-out act on the cookie and never check a token.
    const signsIn = request.method === "POST" && route.startsWith("/api/auth/");
    const credentials = tokenCredentials(request);
    // A token spares a request the cross-site rule only where it is then checked (a bad one is a 401): on a
    // sign-in route, `?openId=anything` would otherwise let another site sign a browser in.
    const tokenChecked = guarded && !signsIn && (credentials.bearer ?? credentials.openId) !== undefined;
    if (!SAFE_METHODS.has(request.method) && !tokenChecked && isCrossSite(request)) {
      throw forbidden("Cross-site request refused");
    }
    if (!guarded || signsIn) return;
    request.viewer = await resolveActor(ctx, { ...credentials, sessionToken: request.cookies[SESSION_COOKIE], address: request.ip });
    authorizeTokenScope(request.viewer, request.method);
    if (route.startsWith("/api/") && request.viewer === null && !isPublicRoute(request.method, route)) throw unauthenticated();
  });
}
