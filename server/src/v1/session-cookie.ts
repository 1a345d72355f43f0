// The session cookie as the v1 API's sign-in and sign-out write it: the same cookie as v0's, written as a header
// of its own, because a Connect answer goes out without Fastify's onSend hooks (where @fastify/cookie writes).
import { SESSION_COOKIE } from "@memos/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_SECONDS } from "../auth/session.js";
import { cookieOptions } from "../routes/auth.routes.js";

/** Sets the session's cookie, or clears it when `token` is null. */
export function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const lifetime = token === null ? { expires: new Date(0), maxAge: 0 } : { maxAge: SESSION_TTL_SECONDS };
  reply.header("set-cookie", request.server.serializeCookie(SESSION_COOKIE, token ?? "", { ...cookieOptions(request), ...lifetime }));
}
