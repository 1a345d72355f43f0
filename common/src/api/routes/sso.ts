// Single sign-on with OpenID Connect: what the sign-in page offers, the browser flow (outside /api: the browser
// follows it and the provider sends it back), and the caller's linked identities.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import {
  ssoCallbackQuerySchema,
  ssoOptionsEntitySchema,
  ssoSecondFactorSchema,
  ssoStartQuerySchema,
  userIdentityEntitySchema,
} from "../schemas/sso.js";
import { userEntitySchema } from "../schemas/user.js";
import { bare, data, input, redirect, route } from "../route.js";
import { WEBAUTHN_BODY_LIMIT } from "../body-limits.js";

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
    answer: redirect("To the app (signed in or linked), to the sign-in page's second-factor step, or to `/auth?error=<failure>`"),
  }),
  "sso.secondFactor": route({
    method: "POST",
    path: "/api/auth/sso/second-factor",
    summary: "Finish a provider's sign-in with the account's own second factor: sets the session cookie",
    description:
      "While the `ssoSecondFactor` setting is on (the default), a provider's sign-in of an account with the authenticator app's codes or a passkey ends at `/auth?second-factor=code` (or `=passkey`) with the `memos_sso_second_factor` cookie (5 minutes, single use, this browser only) instead of a session. This takes `code` (an app's code or a recovery code) or `passkey` as `POST /api/auth/signin` does, and counts failures as it does.",
    access: "anonymous",
    body: input(ssoSecondFactorSchema, "Malformatted sso second factor request"),
    bodyLimit: WEBAUTHN_BODY_LIMIT,
    answer: data(userEntitySchema),
    errors: {
      401: "No step under way in this browser, or it expired or was used (`auth.sso-step-expired`); a code needed (`auth.code-required`), a passkey needed (`auth.passkey-required`), or wrong (`auth.incorrect-code`, `auth.incorrect-passkey`)",
      403: "The account is archived",
      429: "Too many failed attempts (`rate.limited`), or the account's app codes are locked (`auth.code-locked`)",
    },
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
