import type { IdentityProvider, UserIdentity } from "@memos/common";
import type { IdentityProviderRow } from "../store/schema-sign-in.js";

/** The client secret never leaves the server: only whether one is kept. */
export function presentIdentityProvider(row: IdentityProviderRow): IdentityProvider {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    issuer: row.issuer,
    authUrl: row.auth_url,
    tokenUrl: row.token_url,
    userInfoUrl: row.user_info_url,
    displayNameField: row.display_name_field,
    emailField: row.email_field,
    avatarUrlField: row.avatar_url_field,
    clientId: row.client_id,
    hasSecret: row.client_secret !== "",
    scopes: row.scopes,
    usernameClaim: row.username_claim,
    createUsers: Number(row.create_users) === 1,
    newUserRole: row.new_user_role,
    enabled: Number(row.enabled) === 1,
    createdTs: Number(row.created_ts),
    updatedTs: Number(row.updated_ts),
  };
}

export function presentUserIdentity(row: {
  id: number;
  provider_id: number;
  provider_name: string;
  subject: string;
  created_ts: number;
  last_used_ts: number | null;
}): UserIdentity {
  return {
    id: row.id,
    providerId: row.provider_id,
    providerName: row.provider_name,
    subject: row.subject,
    createdTs: Number(row.created_ts),
    lastUsedTs: row.last_used_ts === null ? null : Number(row.last_used_ts),
  };
}
