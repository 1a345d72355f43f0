// The tables of signing in (sessions, two-factor, passkeys, failed attempts, OpenID providers and their flows);
// schema.ts holds the rest and their Database interface.
import type { Generated, Insertable, Selectable } from "kysely";

export interface SessionTable {
  /** sha256 of the cookie token, hex: a leaked database gives no live session. */
  id: string;
  user_id: number;
  created_ts: number;
  expires_ts: number;
  /** 1: the host requires 2FA and the account has none; this session may only set it up (migration 034). */
  two_factor_pending: Generated<number>;
  /** What the web names the session by (random; it cannot sign in). Migration 035. */
  public_id: string;
  /** The browser's User-Agent at sign-in, capped (auth/session.ts). */
  user_agent: string;
  /** The client's address, as of the last activity written. */
  address: string;
  /** Written at most every SESSION_ACTIVITY_RESOLUTION_SECONDS, not per request. */
  last_active_ts: number;
}

/** An account's TOTP secret (base32); `enabled_ts` null while the setup waits for its first code. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  enabled_ts: number | null;
  /** The time step of the last accepted code: only a later step is accepted (no replay). */
  last_step: Generated<number>;
  created_ts: number;
}

/** A recovery code's sha256 (of its normalised form); the row goes when the code is used. */
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_ts: number;
}

/** A passkey (WebAuthn credential) of an account; ids and keys as base64url, transports a JSON array. */
export interface UserPasskeyTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_ts: number;
  last_used_ts: number | null;
}

/** A WebAuthn challenge handed out, until used once or expired; `user_id` for a registration. */
export interface PasskeyChallengeTable {
  id: string;
  challenge: string;
  user_id: number | null;
  expires_ts: number;
}

/** One failed sign-in. The keys are truncated sha256 hashes (auth/rate-limit.ts), never the raw input. */
export interface AuthFailureTable {
  id: Generated<number>;
  account_key: string;
  address_key: string;
  created_ts: number;
}

/** One wrong two-factor code (an app's or a recovery code) of an account, whatever the address (migration 043). */
export interface TwoFactorFailureTable {
  id: Generated<number>;
  user_id: number;
  created_ts: number;
}

/** Until when an account's app codes are refused, after too many wrong codes (migration 043). */
export interface TwoFactorLockTable {
  user_id: number;
  until_ts: number;
}

/**
 * The account's second factor asked after single sign-on (migration 043): keyed by the SHA-256 of the step's browser
 * cookie, deleted when passed or expired.
 */
export interface SsoSecondFactorTable {
  ticket_hash: string;
  user_id: number;
  expires_ts: number;
}

/**
 * A host's provider (migration 037): OpenID Connect, or plain OAuth 2 (050: its URLs and user-info field mapping;
 * `username_claim` is then the identifier field). Booleans are 0/1 on both engines.
 */
export interface IdentityProviderTable {
  id: Generated<number>;
  type: Generated<"OIDC" | "OAUTH2">;
  name: string;
  issuer: string;
  auth_url: Generated<string>;
  token_url: Generated<string>;
  user_info_url: Generated<string>;
  display_name_field: Generated<string>;
  email_field: Generated<string>;
  avatar_url_field: Generated<string>;
  client_id: string;
  client_secret: string;
  scopes: string;
  username_claim: string;
  create_users: number;
  new_user_role: "USER" | "ADMIN";
  enabled: number;
  created_ts: number;
  updated_ts: number;
}

/** An account's link to a provider, by the provider's `sub` (migration 037). */
export interface UserIdentityTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  subject: string;
  created_ts: number;
  last_used_ts: number | null;
}

/** A sign-in flow under way (migration 037): keyed by the SHA-256 of its state, deleted when used or expired. */
export interface OidcFlowTable {
  state_hash: string;
  provider_id: number;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  /** SHA-256 of the flow's cookie: the callback must come from the browser that started the flow. */
  browser_hash: string;
  link_user_id: number | null;
  expires_ts: number;
  /** A path of the app to go back to after signing in (the consent page of an app's sign-in; migration 039). */
  return_to: Generated<string | null>;
  /** Its client address's key (auth/rate-limit.ts `addressKey`), for the unfinished flows one address may hold (041). */
  address_key: Generated<string | null>;
}

export type IdentityProviderRow = Selectable<IdentityProviderTable>;
export type NewIdentityProvider = Insertable<IdentityProviderTable>;
export type UserIdentityRow = Selectable<UserIdentityTable>;
export type OidcFlowRow = Selectable<OidcFlowTable>;
