// POST /api/auth/signin, /signup, /signout, and GET /api/auth/session (who is signed in, if anyone).
import { SESSION_COOKIE } from "@memos/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_SECONDS, type SessionClient } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { signIn, signOut, signUp } from "../services/auth.service.js";
import { getMe } from "../services/user.service.js";

/** The session cookie's attributes (the v1 API writes the same cookie, v1/session-cookie.ts). */
export function cookieOptions(request: FastifyRequest) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: request.protocol === "https" };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_SECONDS });
}

export const sessionClient = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers["user-agent"],
  address: request.ip,
});

export const authHandlers = (ctx: AppContext) =>
  ({
    "auth.signIn": async (request, reply) => {
      const signedIn = await signIn(ctx, request.body, sessionClient(request), request.log);
      // A two-step sign-in's first answer: its second factor is next, and no session starts yet.
      if ("secondFactor" in signedIn) return signedIn;
      setSessionCookie(request, reply, signedIn.token);
      return signedIn.user;
    },
    "auth.signUp": async (request, reply) => {
      const { user, token } = await signUp(ctx, request.body, sessionClient(request));
      setSessionCookie(request, reply, token);
      return user;
    },
    "auth.session": async (request) => {
      const viewer = viewerOf(request);
      return viewer ? { ...(await getMe(ctx, viewer)), twoFactorSetupRequired: viewer.twoFactorPending === true } : null;
    },
    "auth.signOut": async (request, reply) => {
      await signOut(ctx, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return true as const;
    },
  }) satisfies Handlers<"auth">;
