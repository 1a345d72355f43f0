// The host's OpenID Connect providers (routes/identity-provider.ts).
import { z } from "zod";
import { SSO_USER_ROLES } from "../../domain/sso.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";

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
