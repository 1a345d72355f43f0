// /api/auth/totp/*: the caller's two-factor sign-in; DELETE /api/user/:id/totp, an administrator's reset of it.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { disableTotp, enableTotp, getTotpStatus, regenerateRecoveryCodes, resetTotp, setUpTotp } from "../services/two-factor.service.js";

export const totpHandlers = (ctx: AppContext) =>
  ({
    "totp.status": async (request) => getTotpStatus(ctx, viewerOf(request)),
    "totp.setup": async (request) => setUpTotp(ctx, viewerOf(request)),
    "totp.enable": async (request) => enableTotp(ctx, viewerOf(request), request.body, request.ip, request.log),
    "totp.disable": async (request) => {
      await disableTotp(ctx, viewerOf(request), request.body, request.ip, request.log);
      return true as const;
    },
    "totp.recoveryCodes": async (request) => regenerateRecoveryCodes(ctx, viewerOf(request), request.body, request.ip, request.log),
    "totp.reset": async (request) => {
      await resetTotp(ctx, viewerOf(request), request.params.id, request.log);
      return true as const;
    },
  }) satisfies Handlers<"totp">;
