// The host's OpenID Connect providers (Settings › System › Sign-in). Changes are made from a signed-in session only.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { identityProviderCreateSchema, identityProviderEntitySchema, identityProviderPatchSchema } from "../schemas/identity-provider.js";
import { bare, data, input, route } from "../route.js";

const providerParams = z.object({ providerId: pathId("Identity provider ID") });
const HOST_ONLY = "Not the host or an admin";
const INSECURE = "An http:// issuer without --oidc-allow-private";

export const identityProviderRoutes = {
  "identity-provider.list": route({
    method: "GET",
    path: "/api/identity-provider",
    summary: "The identity providers (host or admin; client secrets never shown: `hasSecret`)",
    access: "signed-in",
    answer: data(z.array(identityProviderEntitySchema)),
    errors: { 403: HOST_ONLY },
  }),
  "identity-provider.create": route({
    method: "POST",
    path: "/api/identity-provider",
    summary: "Add an identity provider (host or admin)",
    description:
      "The redirect URI to register at the provider is `<external URL>/auth/oidc/callback` (customizedProfile.externalUrl, else the request's origin).",
    access: "session",
    body: input(identityProviderCreateSchema, "Malformatted post identity provider request"),
    answer: data(identityProviderEntitySchema),
    errors: { 400: INSECURE, 403: HOST_ONLY },
  }),
  "identity-provider.patch": route({
    method: "PATCH",
    path: "/api/identity-provider/:providerId",
    summary: "Change an identity provider (without `clientSecret` the kept one stays; an empty one removes it)",
    access: "session",
    params: providerParams,
    body: input(identityProviderPatchSchema, "Malformatted patch identity provider request"),
    answer: data(identityProviderEntitySchema),
    errors: { 400: INSECURE, 403: HOST_ONLY, 404: "No such identity provider" },
  }),
  "identity-provider.delete": route({
    method: "DELETE",
    path: "/api/identity-provider/:providerId",
    summary: "Delete an identity provider and every account's link to it",
    access: "session",
    params: providerParams,
    answer: bare(z.literal(true)),
    errors: { 403: HOST_ONLY, 404: "No such identity provider" },
  }),
};
