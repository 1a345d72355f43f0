// Personal access tokens: only the SHA-256 of the token is kept. A memo remembers the token it was written with.
import type { Migration } from "./types.js";

export const accessTokens: Migration = {
  name: "011-access-tokens",
  statements: (engine) => [
    `CREATE TABLE access_token (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      user_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      scope TEXT NOT NULL CHECK (scope IN ('read', 'read-write')),
      created_ts BIGINT NOT NULL,
      expires_ts BIGINT,
      last_used_ts BIGINT,
      last_used_address TEXT,
      revoked_ts BIGINT)`,
    `CREATE INDEX idx_access_token_user ON access_token (user_id, id)`,
    `ALTER TABLE memo ADD COLUMN access_token_id INTEGER`,
  ],
};
