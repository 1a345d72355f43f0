// POST /api/auth/signin, /signup, /signout.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ok } from "../http/request-context.js";
import { signIn, signOut, signUp } from "../services/auth.service.js";

function cookieOptions(request: FastifyRequest) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: request.protocol === "https" };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_SECONDS });
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/auth/signin", async (request, reply) => {
    const { user, token } = await signIn(ctx, request.body, request.ip);
    setSessionCookie(request, reply, token);
    return ok(user);
  });

  app.post("/api/auth/signup", async (request, reply) => {
    const { user, token } = await signUp(ctx, request.body);
    setSessionCookie(request, reply, token);
    return ok(user);
  });

  app.post("/api/auth/signout", async (request, reply) => {
    await signOut(ctx, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return true;
  });
}
