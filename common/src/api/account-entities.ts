// The JSON shapes of the ways into an account (additions to the v0 wire): two-factor sign-in, passkeys, the
// sessions a user sees, and single sign-on's providers and linked identities.
import { z } from "zod";
import { SSO_USER_ROLES } from "../domain/sso.js";
import { SECOND_FACTOR_STEPS } from "../domain/two-factor.js";

export const totpStatusEntitySchema = z
  .object({
    enabled: z.boolean().describe("Two-factor sign-in is on for the account"),
    recoveryCodesLeft: z.int().describe("Unused recovery codes"),
    required: z.boolean().describe("The host requires two-factor sign-in of every account"),
    setupRequired: z.boolean().describe("This session may only set up two-factor sign-in until it is on"),
  })
  .meta({ id: "TotpStatus" });
export type TotpStatus = z.infer<typeof totpStatusEntitySchema>;

/** A two-step sign-in's first answer (`twoStep: true`): the password was right, the account's second factor is next. */
export const secondFactorNeededEntitySchema = z
  .object({
    secondFactor: z
      .enum(SECOND_FACTOR_STEPS)
      .describe(
        "What to send next with the same username and password: `code` (an app's or a recovery code, or a passkey instead), or `passkey`",
      ),
  })
  .meta({ id: "SecondFactorNeeded" });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededEntitySchema>;

export const totpSetupEntitySchema = z
  .object({
    secret: z.string().describe("Base32; shown in this answer only"),
    otpauthUrl: z.string().describe("otpauth://totp/… for a QR code"),
  })
  .meta({ id: "TotpSetup" });
export type TotpSetup = z.infer<typeof totpSetupEntitySchema>;

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

export const recoveryCodesEntitySchema = z
  .object({ recoveryCodes: z.array(z.string()).describe("Each works once; shown in this answer only") })
  .meta({ id: "RecoveryCodes" });
export type RecoveryCodes = z.infer<typeof recoveryCodesEntitySchema>;

export const SESSION_DEVICE_TYPES = ["desktop", "mobile", "tablet", "tv", "bot"] as const;

export const sessionEntitySchema = z
  .object({
    id: z.string().describe("The session's public id: names it for DELETE, and cannot sign in"),
    current: z.boolean().describe("Whether this is the session making the request"),
    browser: z.string().nullable().describe('Read from the User-Agent ("Chrome 120"); null when it names none'),
    os: z.string().nullable().describe('Read from the User-Agent ("macOS 14"); null when it names none'),
    deviceType: z.enum(SESSION_DEVICE_TYPES).nullable(),
    userAgent: z.string().describe("As the browser sent it at sign-in (at most 512 characters)"),
    address: z.string().describe("The client address of the last activity recorded"),
    createdTs: z.int().describe("Unix seconds: the sign-in"),
    lastActiveTs: z.int().describe("Unix seconds, recorded at most every 5 minutes"),
    expiresTs: z.int(),
  })
  .meta({ id: "Session" });
/** A signed-in browser session as its owner sees it (never the cookie's token or its hash). */
export type Session = z.infer<typeof sessionEntitySchema>;

/** A host's OpenID Connect provider, as the host sees it: the client secret is never sent back. */
export const identityProviderEntitySchema = z
  .object({
    id: z.int(),
    name: z.string().describe('Shown on the sign-in page as "Sign in with <name>"'),
    issuer: z.string().describe("The issuer URL; its /.well-known/openid-configuration is read"),
    clientId: z.string(),
    hasSecret: z.boolean().describe("Whether a client secret is kept (it is never shown)"),
    scopes: z.string(),
    usernameClaim: z.string().describe("The claim a new user's name comes from (then email's local part, then sub)"),
    createUsers: z.boolean().describe("Whether a sign-in by someone unknown creates a user (sign-up must be on too)"),
    newUserRole: z.enum(SSO_USER_ROLES),
    enabled: z.boolean(),
    createdTs: z.int(),
    updatedTs: z.int(),
  })
  .meta({ id: "IdentityProvider" });
export type IdentityProvider = z.infer<typeof identityProviderEntitySchema>;

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
