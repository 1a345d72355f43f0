import type { AccessToken, CreatedAccessToken } from "@memos/common";
import type { AccessTokenRow } from "../store/schema.js";

export function presentAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdTs: Number(row.created_ts),
    expiresTs: row.expires_ts === null ? null : Number(row.expires_ts),
    lastUsedTs: row.last_used_ts === null ? null : Number(row.last_used_ts),
    lastUsedAddress: row.last_used_address,
    connectedApp: row.oauth_client_id !== null,
  };
}

/** The one answer that carries the token itself. */
export function presentCreatedAccessToken(row: AccessTokenRow, token: string): CreatedAccessToken {
  const { id, name, scope, createdTs, expiresTs } = presentAccessToken(row);
  return { id, name, scope, createdTs, expiresTs, token };
}
