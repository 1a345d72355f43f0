// Single sign-on's browser flow and linked identities (routes/sso.ts).
import { z } from "zod";
import { MAX_TWO_FACTOR_CODE_LENGTH } from "../../domain/two-factor.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { passkeyAssertionSchema } from "./passkey.js";

/** `POST /api/auth/sso/second-factor`: the account's second factor after a provider's sign-in, as sign-in takes it. */
export const ssoSecondFactorSchema = z.object({
  /** An authenticator app's code, or a recovery code. */
  code: optional(text(MAX_TWO_FACTOR_CODE_LENGTH)),
  /** Or, instead of the code, one of the account's passkeys. */
  passkey: optional(passkeyAssertionSchema),
});
export type SsoSecondFactor = z.infer<typeof ssoSecondFactorSchema>;

/** `GET /auth/oidc/:providerId/start`: `link=1` links the provider to the signed-in account instead of signing in. */
export const ssoStartQuerySchema = z.object({
  link: optional(z.enum(["1"], "must be 1")),
  /** A path of the app to return to once signed in (the consent page of an app's sign-in); nothing else is taken. */
  next: optional(text(INPUT_LIMITS.queryValue * 8).regex(/^\/(?![/\\])[^\p{Cc}]*$/u, "must be a path of this site")),
});

/** `GET /auth/oidc/callback`: what the provider sends back (the rest is read from the URL by openid-client). */
export const ssoCallbackQuerySchema = z.looseObject({
  state: optional(text(INPUT_LIMITS.queryValue * 4)),
  code: optional(text(INPUT_LIMITS.queryValue * 8)),
  error: optional(text(INPUT_LIMITS.queryValue)),
});

/** What the sign-in page offers. */
export const ssoOptionsEntitySchema = z
  .object({
    providers: z.array(z.object({ id: z.int(), name: z.string() })).describe("The enabled providers"),
    passwordSignIn: z.boolean().describe("False when the host turned password sign-in off (the host may still use it)"),
    secondFactor: z
      .boolean()
      .describe("True (the default) when an account with its own second factor is asked for it after the provider's sign-in too"),
  })
  .meta({ id: "SsoOptions" });
export type SsoOptions = z.infer<typeof ssoOptionsEntitySchema>;

/** A provider linked to the caller's account. */
export const userIdentityEntitySchema = z
  .object({
    id: z.int(),
    providerId: z.int(),
    providerName: z.string(),
    subject: z.string().describe("The provider's `sub` of the account"),
    createdTs: z.int(),
    lastUsedTs: z.int().nullable(),
  })
  .meta({ id: "UserIdentity" });
export type UserIdentity = z.infer<typeof userIdentityEntitySchema>;
