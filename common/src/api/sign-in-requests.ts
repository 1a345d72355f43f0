// Requests of the other ways in: a passkey's WebAuthn answers and the host's OpenID Connect providers.
import { z } from "zod";
import { SSO_USER_ROLES } from "../domain/sso.js";
import { MAX_PASSKEY_FIELD_LENGTH, MAX_PASSKEY_NAME_LENGTH, MAX_TWO_FACTOR_CODE_LENGTH } from "../domain/two-factor.js";
import { INPUT_LIMITS } from "./input-limits.js";
import { optional, text } from "./schema-parts.js";

/** The browser's answer to a WebAuthn call (RegistrationResponseJSON, AuthenticationResponseJSON), as it is. */
const webAuthnResponseSchema = z.looseObject({
  id: text(MAX_PASSKEY_FIELD_LENGTH),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: text(MAX_PASSKEY_FIELD_LENGTH),
    attestationObject: optional(text(MAX_PASSKEY_FIELD_LENGTH)),
    authenticatorData: optional(text(MAX_PASSKEY_FIELD_LENGTH)),
    signature: optional(text(MAX_PASSKEY_FIELD_LENGTH)),
    userHandle: optional(text(MAX_PASSKEY_FIELD_LENGTH)),
  }),
});

/** A passkey's answer to a challenge of `POST /api/auth/passkey/authentication-options`. */
export const passkeyAssertionSchema = z.object({
  challengeId: text(MAX_PASSKEY_FIELD_LENGTH),
  response: webAuthnResponseSchema,
});

export const passkeyRegisterSchema = z.object({
  challengeId: text(MAX_PASSKEY_FIELD_LENGTH),
  name: text(MAX_PASSKEY_NAME_LENGTH).trim().min(1, "must not be empty"),
  response: webAuthnResponseSchema,
});

export const passkeyRenameSchema = z.object({ name: text(MAX_PASSKEY_NAME_LENGTH).trim().min(1, "must not be empty") });

/** `POST /api/auth/sso/second-factor`: the account's second factor after a provider's sign-in, as sign-in takes it. */
export const ssoSecondFactorSchema = z.object({
  /** An authenticator app's code, or a recovery code. */
  code: optional(text(MAX_TWO_FACTOR_CODE_LENGTH)),
  /** Or, instead of the code, one of the account's passkeys. */
  passkey: optional(passkeyAssertionSchema),
});

export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;
export type SsoSecondFactor = z.infer<typeof ssoSecondFactorSchema>;
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

// Single sign-on: the host's OpenID Connect providers (`/api/identity-provider`).
const issuerUrl = text(INPUT_LIMITS.ssoIssuer).refine(
  (value) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value),
  "must be an http(s) URL",
);
const ssoText = (max: number) => text(max).trim().min(1, "is required");

/** `POST /api/identity-provider`. */
export const identityProviderCreateSchema = z.object({
  name: ssoText(INPUT_LIMITS.ssoName),
  issuer: issuerUrl,
  clientId: ssoText(INPUT_LIMITS.ssoClientId),
  /** Kept, never shown again; empty for a public client. */
  clientSecret: optional(text(INPUT_LIMITS.ssoClientSecret)),
  scopes: optional(ssoText(INPUT_LIMITS.ssoScopes)),
  usernameClaim: optional(ssoText(INPUT_LIMITS.ssoUsernameClaim)),
  createUsers: optional(z.boolean()),
  newUserRole: optional(z.enum(SSO_USER_ROLES)),
  enabled: optional(z.boolean()),
});
export type IdentityProviderCreate = z.infer<typeof identityProviderCreateSchema>;
export type IdentityProviderCreateRequest = z.input<typeof identityProviderCreateSchema>;

/** `PATCH /api/identity-provider/:providerId`: the fields given change; without `clientSecret` the secret is kept. */
export const identityProviderPatchSchema = identityProviderCreateSchema.partial();
export type IdentityProviderPatch = z.infer<typeof identityProviderPatchSchema>;
export type IdentityProviderPatchRequest = z.input<typeof identityProviderPatchSchema>;
