// The OAuth tables (migration 039); schema.ts is over its size, so they live beside it.
import type { Generated, Selectable } from "kysely";
import type { AccessTokenScope } from "@memos/common";

/** A client that registered itself (RFC 7591): public, no secret. */
export interface OAuthClientTable {
  id: Generated<number>;
  /** The random public id the client sends. */
  client_id: string;
  /** As the client declared it (the consent page says so). */
  name: string;
  /** JSON array of the registered redirect URIs. */
  redirect_uris: string;
  /** Truncated SHA-256 of the registering address (its /64 for IPv6): registrations are limited per address. */
  address_key: string;
  created_ts: number;
}

/** An authorization code: its SHA-256 as the key; single use; kept until it expires so a second use is caught. */
export interface OAuthCodeTable {
  code_hash: string;
  /** oauth_client.id */
  client_id: number;
  user_id: number;
  redirect_uri: string;
  /** The PKCE S256 challenge. */
  code_challenge: string;
  scope: AccessTokenScope;
  resource: string;
  expires_ts: number;
  used_ts: Generated<number | null>;
  /** The access_token row its exchange made (revoked when the code is presented again). */
  access_token_id: Generated<number | null>;
}

export type OAuthClientRow = Selectable<OAuthClientTable>;
export type OAuthCodeRow = Selectable<OAuthCodeTable>;

/** What is left of an access token's bucket of MCP requests (migration 042); no row: a full bucket. */
export interface McpRateTable {
  token_id: number;
  tokens: number;
  at_ms: number;
  /** 1 when the last request was allowed (and took a whole request from `tokens`). */
  allowed: number;
}
