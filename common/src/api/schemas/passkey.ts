// Passkeys (routes/passkey.ts): the browser's WebAuthn answers, a passkey as its owner sees it, a ceremony's options.
import { z } from "zod";
import { MAX_PASSKEY_FIELD_LENGTH, MAX_PASSKEY_NAME_LENGTH } from "../../domain/two-factor.js";
import { optional, text } from "../schema-parts.js";

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

export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

export const passkeyEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    createdTs: z.int().describe("Unix seconds"),
    lastUsedTs: z.int().nullable().describe("Unix seconds of the last sign-in with it; null if never used"),
  })
  .meta({ id: "Passkey" });
/** A passkey (WebAuthn credential) as its owner sees it: never its key or credential id. */
export type Passkey = z.infer<typeof passkeyEntitySchema>;

export const passkeyCeremonyEntitySchema = z
  .object({
    challengeId: z.string().describe("Send it back with the browser's answer; good once, for 5 minutes"),
    options: z
      .record(z.string(), z.unknown())
      .describe("PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for the browser's WebAuthn call"),
  })
  .meta({ id: "PasskeyCeremony" });
export type PasskeyCeremony = z.infer<typeof passkeyCeremonyEntitySchema>;
