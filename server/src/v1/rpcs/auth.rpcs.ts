// AuthService: who the caller is, and password sign-in and sign-out. A v1 sign-in starts one of our sessions: its
// cookie (HttpOnly) signs the browser in, as our own web app is; memos' short-lived bearer token and its refresh are
// not issued yet, so `access_token` is empty.
import { SESSION_COOKIE, signInSchema } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import { HttpError } from "../../errors.js";
import { sessionClient } from "../../routes/auth.routes.js";
import { signIn, signOut } from "../../services/auth.service.js";
import { getMe } from "../../services/user.service.js";
import { AuthService } from "../gen/memos/api/v1/auth_service_pb.js";
import { presentUser } from "../presenters/user.presenter.js";
import { writeSessionCookie } from "../session-cookie.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** memos says one thing for an unknown name and a wrong password, so a client cannot tell which it was. */
const UNMATCHED = new Set(["auth.unknown-username", "auth.incorrect-password"]);

export const authRpcs = v1Service(AuthService, {
  getCurrentUser: {
    access: "signed-in",
    handle: async (_input, { ctx, viewer }) => ({ user: presentUser(await getMe(ctx, viewer)) }),
  },
  signIn: {
    access: "public",
    handle: async (input, { ctx, request, reply }) => {
      const { credentials } = input;
      if (credentials.case === "ssoCredentials") throw new ConnectError("single sign-on through v1 is not served yet", Code.Unimplemented);
      if (credentials.case !== "passwordCredentials") throw invalidArgument("credentials", "send password_credentials");
      const parsed = signInSchema.safeParse({ username: credentials.value.username, password: credentials.value.password });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidArgument(`password_credentials.${String(issue?.path[0] ?? "username")}`, issue?.message ?? "invalid");
      }
      try {
        const signedIn = await signIn(ctx, parsed.data, sessionClient(request), request.log);
        if ("secondFactor" in signedIn) throw new ConnectError("a second factor is required", Code.Unauthenticated);
        writeSessionCookie(request, reply, signedIn.token);
        return { user: presentUser(signedIn.user), accessToken: "" };
      } catch (error) {
        if (error instanceof HttpError && UNMATCHED.has(error.reason))
          throw new ConnectError("unmatched username and password", Code.InvalidArgument);
        throw error;
      }
    },
  },
  signOut: {
    access: "signed-in",
    handle: async (_input, { ctx, request, reply }) => {
      await signOut(ctx, request.cookies[SESSION_COOKIE]);
      writeSessionCookie(request, reply, null);
      return {};
    },
  },
});
