// POST /api/auth/signin, /signup, /signout, and GET /api/auth/session (who is signed in, if anyone).
import { signInSchema, signUpSchema } from "@memos/common";
import { userEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, input } from "../http/route-schema.js";
import { signIn, signOut, signUp } from "../services/auth.service.js";
import { getMe } from "../services/user.service.js";

function cookieOptions(request: FastifyRequest) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: request.protocol === "https" };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_SECONDS });
}

const SETS_COOKIE = `Sets the \`${SESSION_COOKIE}\` session cookie.`;

export async function authRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/auth/signin",
    {
      schema: {
        summary: "Sign in",
        description: `${SETS_COOKIE} Failed attempts are rate-limited per username and address (429 with Retry-After).`,
        body: input(signInSchema, "Malformatted signin request"),
        response: answers(userEntitySchema),
      },
    },
    async (request, reply) => {
      const { user, token } = await signIn(ctx, request.body, request.ip);
      setSessionCookie(request, reply, token);
      return ok(user);
    },
  );

  app.post(
    "/api/auth/signup",
    {
      schema: {
        summary: "Sign up (the first account becomes the host)",
        description: `${SETS_COOKIE} Open to visitors only while the allowSignUp system setting is on.`,
        body: input(signUpSchema, "Malformatted signup request"),
        response: answers(userEntitySchema),
      },
    },
    async (request, reply) => {
      const { user, token } = await signUp(ctx, request.body);
      setSessionCookie(request, reply, token);
      return ok(user);
    },
  );

  app.get(
    "/api/auth/session",
    {
      schema: {
        summary: "The signed-in account, or null",
        description: "As `GET /api/user/me`, but a visitor gets `{\"data\": null}` instead of a 401, so a page can ask without an error.",
        response: answers(userEntitySchema.nullable()),
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return ok(viewer ? await getMe(ctx, viewer) : null);
    },
  );

  app.post(
    "/api/auth/signout",
    { schema: { summary: "Sign out", description: `Ends the session and clears the \`${SESSION_COOKIE}\` cookie.`, response: answers(z.literal(true), { raw: true }) } },
    async (request, reply) => {
      await signOut(ctx, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return true;
    },
  );
}
