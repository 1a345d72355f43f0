// Plain OAuth 2 providers beside OpenID Connect ones (issue 46): memos' identity providers are of this kind (GitHub
// sign-in and the like: an authorization, a token and a user-info URL, the account read from the user info by a
// field mapping), and a memos database opened here brings them over. An OIDC provider keeps its issuer and leaves the
// new columns empty; an OAuth 2 one leaves the issuer empty.
import type { Migration } from "./types.js";

export const oauth2IdentityProvider: Migration = {
  name: "055-oauth2-identity-provider",
  statements: () => [
    "ALTER TABLE identity_provider ADD COLUMN type TEXT NOT NULL DEFAULT 'OIDC' CHECK (type IN ('OIDC', 'OAUTH2'))",
    ...["auth_url", "token_url", "user_info_url", "display_name_field", "email_field", "avatar_url_field"].map(
      (column) => `ALTER TABLE identity_provider ADD COLUMN ${column} TEXT NOT NULL DEFAULT ''`,
    ),
  ],
};
