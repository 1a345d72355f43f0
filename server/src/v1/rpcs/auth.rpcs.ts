// AuthService: who the caller is, sign-in (a password, or a provider's code: v1/sso-exchange.ts), refresh and
// sign-out. A v1 sign-in starts one of our sessions and answers
// a short-lived bearer token bound to it (services/session-bearer.service.ts); the session's token goes to the
// browser in two HttpOnly cookies, ours (the web app's) and memos' `memos_refresh`, which RefreshToken trades for
// a new bearer token (and a new cookie: the old one works once).
import { REFRESH_COOKIE, SESSION_COOKIE, signInSchema, type User } from "@memos/common";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { HttpError } from "../../errors.js";
import { sessionClient } from "../../routes/auth.routes.js";
import { endCallerSession, signIn, signOut } from "../../services/auth.service.js";
import { bearerOfSession, refreshSession, sessionAccount } from "../../services/session-bearer.service.js";
import { getMe } from "../../services/user.service.js";
import { nowSeconds } from "../../store/time.js";
import { AuthService } from "../gen/memos/api/v1/auth_service_pb.js";
import { presentUser } from "../presenters/user.presenter.js";
import { writeSessionCookies } from "../session-cookie.js";
import { v1Service } from "../rpc.js";
import { ssoExchange } from "../sso-exchange.js";
import { invalidArgument } from "../transport/errors.js";

/** Our sign-in's answers for an account that needs a code or a passkey after its password. */
const SECOND_FACTOR = new Set(["auth.code-required", "auth.passkey-required"]);

/** memos says one thing for an unknown name and a wrong password, so a client cannot tell which it was. */
const UNMATCHED = new Set(["auth.unknown-username", "auth.incorrect-password"]);

const timestampOf = (seconds: number) => timestampFromMs(seconds * 1000);

/** A sign-in's answer: the bearer token of the new session, whose token both cookies carry. */
async function answerSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, sessionToken: string, user: User) {
  const bearer = await bearerOfSession(ctx, sessionToken);
  writeSessionCookies(request, reply, sessionToken);
  return { user: presentUser(user), accessToken: bearer.token, accessTokenExpiresAt: timestampOf(bearer.expiresTs) };
}

/**
 * An account with two-factor sign-in: v1's SignIn has no field for the code, so the answer says what to do instead,
 * in the words memos' clients show as they are (FailedPrecondition, not Unauthenticated, which a client would answer
 * by refreshing a token it does not have).
 */
const secondFactorRequired = () =>
  new ConnectError(
    "this account signs in with a second factor (an authenticator app or a passkey), which this app cannot ask for: " +
      "sign in on the server's own web page, or use a personal access token",
    Code.FailedPrecondition,
  );

export const authRpcs = v1Service(AuthService, {
  getCurrentUser: {
    access: "signed-in",
    handle: async (_input, { ctx, viewer }) => ({ user: presentUser(await getMe(ctx, viewer)) }),
  },
  signIn: {
    access: "public",
    handle: async (input, { ctx, viewer, request, reply }) => {
      const { credentials } = input;
      if (credentials.case === "ssoCredentials") {
        const result = await ssoExchange(ctx, viewer, request, credentials.value, { prefix: "sso_credentials.", link: false });
        if (!result.sessionToken) throw secondFactorRequired();
        return answerSignIn(ctx, request, reply, result.sessionToken, await sessionAccount(ctx, result.sessionToken));
      }
      if (credentials.case !== "passwordCredentials") throw invalidArgument("credentials", "send password_credentials or sso_credentials");
      const parsed = signInSchema.safeParse({ username: credentials.value.username, password: credentials.value.password });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidArgument(`password_credentials.${String(issue?.path[0] ?? "username")}`, issue?.message ?? "invalid");
      }
      try {
        const signedIn = await signIn(ctx, parsed.data, sessionClient(request), request.log);
        if ("secondFactor" in signedIn) throw secondFactorRequired();
        return await answerSignIn(ctx, request, reply, signedIn.token, signedIn.user);
      } catch (error) {
        if (error instanceof HttpError && UNMATCHED.has(error.reason))
          throw new ConnectError("unmatched username and password", Code.InvalidArgument);
        if (error instanceof HttpError && SECOND_FACTOR.has(error.reason)) throw secondFactorRequired();
        throw error;
      }
    },
  },
  refreshToken: {
    access: "public",
    handle: async (_input, { ctx, request, reply }) => {
      const refreshed = await refreshSession(ctx, request.cookies[REFRESH_COOKIE], request.ip);
      writeSessionCookies(request, reply, refreshed.sessionToken, Math.max(0, refreshed.sessionExpiresTs - nowSeconds()));
      return { accessToken: refreshed.bearer.token, expiresAt: timestampOf(refreshed.bearer.expiresTs) };
    },
  },
  signOut: {
    access: "signed-in",
    handle: async (_input, { ctx, viewer, request, reply }) => {
      await endCallerSession(ctx, viewer);
      await signOut(ctx, request.cookies[SESSION_COOKIE]);
      await signOut(ctx, request.cookies[REFRESH_COOKIE]);
      writeSessionCookies(request, reply, null);
      return {};
    },
  },
});
