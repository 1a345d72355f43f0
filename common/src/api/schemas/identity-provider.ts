// The host's single sign-on providers, OpenID Connect or plain OAuth 2 (routes/identity-provider.ts).
import { z } from "zod";
import { OAUTH2_REQUIRED_FIELDS, SSO_PROVIDER_TYPES, SSO_USER_ROLES } from "../../domain/sso.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";

const httpUrl = text(INPUT_LIMITS.ssoIssuer).refine(
  (value) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value),
  "must be an http(s) URL",
);
const ssoText = (max: number) => text(max).trim().min(1, "is required");

/** A field path into the user info (`login`, `data.user.id`). */
const fieldPath = optional(text(INPUT_LIMITS.ssoUsernameClaim).trim());

/** A provider's fields; which are required depends on its type (identityProviderCreateSchema). */
const identityProviderFields = z.object({
  /** OIDC unless given. */
  type: optional(z.enum(SSO_PROVIDER_TYPES)),
  name: ssoText(INPUT_LIMITS.ssoName),
  /** OIDC: the issuer, whose /.well-known/openid-configuration is read. */
  issuer: optional(httpUrl),
  /** OAUTH2: where the browser is sent to sign in, where the code is exchanged, where the account is read. */
  authUrl: optional(httpUrl),
  tokenUrl: optional(httpUrl),
  userInfoUrl: optional(httpUrl),
  /** OAUTH2: the user info's fields (dotted paths) a new account's display name and email come from, and its avatar's. */
  displayNameField: fieldPath,
  emailField: fieldPath,
  avatarUrlField: fieldPath,
  clientId: ssoText(INPUT_LIMITS.ssoClientId),
  /** Kept, never shown again; empty for a public client. */
  clientSecret: optional(text(INPUT_LIMITS.ssoClientSecret)),
  scopes: optional(ssoText(INPUT_LIMITS.ssoScopes)),
  usernameClaim: optional(ssoText(INPUT_LIMITS.ssoUsernameClaim)),
  createUsers: optional(z.boolean()),
  newUserRole: optional(z.enum(SSO_USER_ROLES)),
  enabled: optional(z.boolean()),
});

/** The fields a provider of this type cannot be without (OIDC: the issuer; OAUTH2: its URLs and identifier field). */
export function missingProviderField(provider: {
  type?: string;
  issuer?: string;
  authUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  usernameClaim?: string;
}): string | undefined {
  if (provider.type === "OAUTH2") return OAUTH2_REQUIRED_FIELDS.find((field) => !provider[field]);
  return provider.issuer ? undefined : "issuer";
}

/** `POST /api/identity-provider`. */
export const identityProviderCreateSchema = identityProviderFields.superRefine((provider, context) => {
  const missing = missingProviderField(provider);
  if (missing)
    context.addIssue({ code: "custom", path: [missing], message: `is required for a provider of type ${provider.type ?? "OIDC"}` });
});
export type IdentityProviderCreate = z.infer<typeof identityProviderCreateSchema>;
export type IdentityProviderCreateRequest = z.input<typeof identityProviderCreateSchema>;

/** `PATCH /api/identity-provider/:providerId`: the fields given change; without `clientSecret` the secret is kept. */
export const identityProviderPatchSchema = identityProviderFields.partial();
export type IdentityProviderPatch = z.infer<typeof identityProviderPatchSchema>;
export type IdentityProviderPatchRequest = z.input<typeof identityProviderPatchSchema>;

/** A host's provider, as the host sees it: the client secret is never sent back. */
export const identityProviderEntitySchema = z
  .object({
    id: z.int(),
    type: z.enum(SSO_PROVIDER_TYPES),
    name: z.string().describe('Shown on the sign-in page as "Sign in with <name>"'),
    issuer: z.string().describe("OIDC: the issuer URL; its /.well-known/openid-configuration is read (empty for OAUTH2)"),
    authUrl: z.string().describe("OAUTH2: the authorization endpoint (empty for OIDC)"),
    tokenUrl: z.string().describe("OAUTH2: the token endpoint (empty for OIDC)"),
    userInfoUrl: z.string().describe("OAUTH2: the user-info endpoint, read with the access token (empty for OIDC)"),
    displayNameField: z.string().describe("OAUTH2: the user info's field (dotted path) a new account's display name comes from"),
    emailField: z.string().describe("OAUTH2: the user info's field a new account's email comes from"),
    avatarUrlField: z.string().describe("OAUTH2: the user info's avatar field (kept for memos' API; accounts here have no avatar)"),
    clientId: z.string(),
    hasSecret: z.boolean().describe("Whether a client secret is kept (it is never shown)"),
    scopes: z.string(),
    usernameClaim: z
      .string()
      .describe(
        "OIDC: the claim a new user's name comes from (then email's local part, then sub); OAUTH2: the user info's identifier field, the account's key and a new user's name",
      ),
    createUsers: z.boolean().describe("Whether a sign-in by someone unknown creates a user (sign-up must be on too)"),
    newUserRole: z.enum(SSO_USER_ROLES),
    enabled: z.boolean(),
    createdTs: z.int(),
    updatedTs: z.int(),
  })
  .meta({ id: "IdentityProvider" });
export type IdentityProvider = z.infer<typeof identityProviderEntitySchema>;
