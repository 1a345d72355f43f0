// /api/auth/passkey/*: the caller's passkeys, and signing in with one.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import {
  deleteOwnPasskey,
  listOwnPasskeys,
  registerPasskey,
  renameOwnPasskey,
  signInWithPasskey,
  startPasskeyAuthentication,
  startPasskeyRegistration,
} from "../services/passkey.service.js";
import { sessionClient, setSessionCookie } from "./auth.routes.js";

export const passkeyHandlers = (ctx: AppContext) =>
  ({
    "passkey.list": async (request) => listOwnPasskeys(ctx, viewerOf(request)),
    "passkey.registrationOptions": async (request) => startPasskeyRegistration(ctx, viewerOf(request)),
    "passkey.register": async (request) => registerPasskey(ctx, viewerOf(request), request.body),
    "passkey.authenticationOptions": async () => startPasskeyAuthentication(ctx),
    "passkey.signIn": async (request, reply) => {
      const { user, token } = await signInWithPasskey(ctx, request.body, sessionClient(request));
      setSessionCookie(request, reply, token);
      return user;
    },
    "passkey.rename": async (request) => renameOwnPasskey(ctx, viewerOf(request), request.params.id, request.body),
    "passkey.delete": async (request) => {
      await deleteOwnPasskey(ctx, viewerOf(request), request.params.id);
      return true as const;
    },
  }) satisfies Handlers<"passkey">;
