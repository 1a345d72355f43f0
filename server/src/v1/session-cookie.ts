// The cookies the v1 API's sign-in, refresh and sign-out write: our session cookie (v0's) and memos' refresh cookie
// (`memos_refresh`: Path=/, HttpOnly, SameSite=Lax, Secure over https, as memos sets it), both holding the session's
// token. They are written as headers of their own, because a Connect answer goes out without Fastify's onSend hooks
// (where @fastify/cookie writes).
import { REFRESH_COOKIE, SESSION_COOKIE } from "@memos/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_SECONDS } from "../auth/session.js";
import { cookieOptions } from "../routes/auth.routes.js";

/**
 * Sets both cookies to the session's token, or clears them when `token` is null. `maxAge`: seconds the session has
 * left (a new session's whole lifetime by default).
 */
export function writeSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
  maxAge = SESSION_TTL_SECONDS,
): void {
  const lifetime = token === null ? { expires: new Date(0), maxAge: 0 } : { maxAge };
  const options = { ...cookieOptions(request), ...lifetime };
  reply.header("set-cookie", [
    request.server.serializeCookie(SESSION_COOKIE, token ?? "", options),
    request.server.serializeCookie(REFRESH_COOKIE, token ?? "", options),
  ]);
}
