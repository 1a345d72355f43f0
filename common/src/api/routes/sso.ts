// Single sign-on with OpenID Connect: what the sign-in page offers, the browser flow (outside /api: the browser
// follows it and the provider sends it back), and the caller's linked identities.
import { z } from "zod";
import { ssoOptionsEntitySchema, userIdentityEntitySchema } from "../account-entities.js";
import { ssoCallbackQuerySchema, ssoStartQuerySchema } from "../queries.js";
import { pathId } from "../requests.js";
import { bare, data, input, redirect, route } from "../route.js";

export const ssoRoutes = {
  "sso.options": route({
    method: "GET",
    path: "/api/auth/sso",
    summary: "The enabled identity providers and whether password sign-in is on (the sign-in page)",
    access: "anonymous",
    answer: data(ssoOptionsEntitySchema),
  }),
  "sso.start": route({
    method: "GET",
    path: "/auth/oidc/:providerId/start",
    summary: "Start signing in through a provider: 302 to its authorization endpoint",
    description:
      "Authorization code flow with PKCE, state and nonce; the flow is kept in the database for 10 minutes, single use. With `link=1` from a signed-in session, the provider is linked to that account instead. A failure is a 302 to `/auth?error=<failure>` (`/setting?ssoError=<failure>` when linking).",
    access: "public",
    params: z.object({ providerId: pathId("Identity provider ID") }),
    query: input(ssoStartQuerySchema, "Malformatted sso start request"),
    answer: redirect("To the provider, or back to the app with `error`"),
  }),
  "sso.callback": route({
    method: "GET",
    path: "/auth/oidc/callback",
    summary: "Where the provider sends the browser back: sets the session cookie and 302s to the app",
    description:
      "Checks state (single use, 10 minutes), the PKCE verifier, the ID token and its nonce. A sign-in by an unknown account creates a user when the provider and the instance's sign-up allow it. A failure is a 302 to `/auth?error=<failure>`.",
    access: "public",
    query: input(ssoCallbackQuerySchema, "Malformatted sso callback request"),
    answer: redirect("To the app (signed in or linked), or to `/auth?error=<failure>`"),
  }),
  "sso.identities": route({
    method: "GET",
    path: "/api/user/me/identity",
    summary: "The identity providers linked to the caller's account",
    access: "signed-in",
    answer: data(z.array(userIdentityEntitySchema)),
  }),
  "sso.unlink": route({
    method: "DELETE",
    path: "/api/user/me/identity/:identityId",
    summary: "Unlink an identity provider from the caller's account",
    description: "Refused when it would leave no way to sign in (a password, a passkey or another linked provider).",
    access: "session",
    params: z.object({ identityId: pathId("Identity ID") }),
    answer: bare(z.literal(true)),
    errors: { 404: "No such identity of the caller's", 409: "The account's last way to sign in" },
  }),
};
