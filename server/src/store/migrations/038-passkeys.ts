// Passkeys (issue 27): an account's WebAuthn credentials (the credential id and public key as base64url, the
// authenticator's signature counter, its transports as JSON), and the challenges of ceremonies under way: a row
// per challenge, keyed by a random id the browser hands back, deleted when used or past its expiry, so every
// server process of an instance serves a ceremony alike.
import type { Migration } from "./types.js";

export const passkeys: Migration = {
  name: "038-passkeys",
  statements: (engine) => [
    `CREATE TABLE user_passkey (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      user_id INTEGER NOT NULL,
      credential_id TEXT NOT NULL UNIQUE,
      public_key TEXT NOT NULL,
      counter BIGINT NOT NULL DEFAULT 0,
      transports TEXT NOT NULL DEFAULT '[]',
      name TEXT NOT NULL,
      created_ts BIGINT NOT NULL,
      last_used_ts BIGINT)`,
    "CREATE INDEX idx_user_passkey_user ON user_passkey (user_id)",
    `CREATE TABLE passkey_challenge (
      id TEXT NOT NULL PRIMARY KEY,
      challenge TEXT NOT NULL,
      user_id INTEGER,
      expires_ts BIGINT NOT NULL)`,
  ],
};
