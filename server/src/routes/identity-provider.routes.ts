// /api/identity-provider: the host's OpenID Connect providers.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import {
  createIdentityProvider,
  deleteIdentityProvider,
  listIdentityProviders,
  patchIdentityProvider,
} from "../services/identity-provider.service.js";

export const identityProviderHandlers = (ctx: AppContext) =>
  ({
    "identity-provider.list": async (request) => listIdentityProviders(ctx, viewerOf(request)),
    "identity-provider.create": async (request) => createIdentityProvider(ctx, viewerOf(request), request.body),
    "identity-provider.patch": async (request) => patchIdentityProvider(ctx, viewerOf(request), request.params.providerId, request.body),
    "identity-provider.delete": async (request) => {
      await deleteIdentityProvider(ctx, viewerOf(request), request.params.providerId);
      return true;
    },
  }) satisfies Handlers<"identity-provider">;
