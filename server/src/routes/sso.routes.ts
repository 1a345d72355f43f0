// Single sign-on: the sign-in page's options, the browser flow under /auth/oidc (redirects, never JSON but for a
// caller refused a link), the account's own second factor after it, and the caller's linked identities.
import { type SsoFailure, ssoSecondFactorPagePath } from "@memos/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { getSsoOptions, listOwnIdentities, unlinkIdentity } from "../services/identity-provider.service.js";
import { passSsoSecondFactor } from "../services/sso-second-factor.service.js";
import { SsoError } from "../services/sso-error.js";
import { finishSso, startSso } from "../services/sso.service.js";
import { sessionClient, setSessionCookie } from "./auth.routes.js";

/** Where a failure sends the browser: the sign-in page, or the app when the flow was a link. */
const failureLocation = (failure: SsoFailure, linking: boolean) =>
  linking ? `/?ssoError=${encodeURIComponent(failure)}` : `/auth?error=${encodeURIComponent(failure)}`;

function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, linking: boolean) {
  if (!(error instanceof SsoError)) throw error;
  request.log.warn({ ssoFailure: error.failure }, `single sign-on failed: ${error.detail}`);
  return reply.header("Cache-Control", "no-store").redirect(failureLocation(error.failure, linking), 302);
}

/**
 * Binds a flow to the browser that started it. Lax: the provider sends the browser back with a top-level GET, which
 * carries it; only the flow's paths see it.
 */
const FLOW_COOKIE = "memos_sso_flow";
const FLOW_COOKIE_SECONDS = 10 * 60;
const flowCookieOptions = (request: FastifyRequest) => ({
  path: "/auth/oidc",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: request.protocol === "https",
});

/**
 * The second-factor step after a provider's sign-in, bound to this browser: the cookie holds the step's only secret,
 * and only the route that finishes the step sees it.
 */
const STEP_COOKIE = "memos_sso_second_factor";
const STEP_COOKIE_SECONDS = 5 * 60;
const stepCookieOptions = (request: FastifyRequest) => ({
  path: "/api/auth/sso/second-factor",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: request.protocol === "https",
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const ssoHandlers = (ctx: AppContext) =>
  ({
    "sso.options": async () => getSsoOptions(ctx),
    "sso.start": {
      // A HEAD (a link prefetcher) must neither start a flow nor, at the callback, spend one.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const link = request.query.link === "1";
        try {
          const { location, browserToken } = await startSso(ctx, viewerOf(request), {
            providerId: request.params.providerId,
            link,
            requestOrigin: originOf(request),
            clientAddress: request.ip,
            ...(request.query.next !== undefined && { returnTo: request.query.next }),
          });
          reply.setCookie(FLOW_COOKIE, browserToken, { ...flowCookieOptions(request), maxAge: FLOW_COOKIE_SECONDS });
          return reply.header("Cache-Control", "no-store").redirect(location, 302);
        } catch (error) {
          return sendFailure(request, reply, error, link);
        }
      },
    },
    "sso.callback": {
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
        try {
          const browserToken = request.cookies[FLOW_COOKIE];
          reply.clearCookie(FLOW_COOKIE, flowCookieOptions(request));
          const result = await finishSso(ctx, viewerOf(request), { query, browserToken, client: sessionClient(request) }, request.log);
          if (result.secondFactor) {
            reply.setCookie(STEP_COOKIE, result.secondFactor.ticket, { ...stepCookieOptions(request), maxAge: STEP_COOKIE_SECONDS });
            return reply
              .header("Cache-Control", "no-store")
              .redirect(ssoSecondFactorPagePath(result.secondFactor.step, result.returnTo), 302);
          }
          if (result.sessionToken) setSessionCookie(request, reply, result.sessionToken);
          return reply.header("Cache-Control", "no-store").redirect(result.linked ? "/?sso=linked" : (result.returnTo ?? "/"), 302);
        } catch (error) {
          return sendFailure(request, reply, error, error instanceof SsoError && error.linking);
        }
      },
    },
    "sso.secondFactor": async (request, reply) => {
      const { user, token } = await passSsoSecondFactor(
        ctx,
        request.body,
        request.cookies[STEP_COOKIE],
        sessionClient(request),
        request.log,
      );
      reply.clearCookie(STEP_COOKIE, stepCookieOptions(request));
      setSessionCookie(request, reply, token);
      return user;
    },
    "sso.identities": async (request) => listOwnIdentities(ctx, viewerOf(request)),
    "sso.unlink": async (request) => {
      await unlinkIdentity(ctx, viewerOf(request), request.params.identityId);
      return true;
    },
  }) satisfies Handlers<"sso">;
