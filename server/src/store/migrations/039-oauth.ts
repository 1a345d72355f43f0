// OAuth 2.1 for MCP clients (issue 28): the clients that registered themselves (public, a random `client_id`), the
// authorization codes (only the SHA-256 of a code is kept; single use; kept after use, with the token they gave,
// so a second use revokes it), and on `access_token` what an app's token needs: its client, when its current access
// token expires (the row itself does not), and the hashes of its current and previous refresh tokens (rotation,
// and replay of the previous one revokes the row). `oidc_flow.return_to`: where a single sign-on started from a
// consent page goes back to.
import type { Migration } from "./types.js";

export const oauth: Migration = {
  name: "039-oauth",
  statements: (engine) => [
    `CREATE TABLE oauth_client (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      client_id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      redirect_uris TEXT NOT NULL,
      address_key TEXT NOT NULL,
      created_ts BIGINT NOT NULL)`,
    "CREATE INDEX idx_oauth_client_address ON oauth_client (address_key, created_ts)",
    `CREATE TABLE oauth_code (
      code_hash TEXT PRIMARY KEY,
      client_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      redirect_uri TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      scope TEXT NOT NULL CHECK (scope IN ('read', 'read-write')),
      resource TEXT NOT NULL,
      expires_ts BIGINT NOT NULL,
      used_ts BIGINT,
      access_token_id INTEGER)`,
    "CREATE INDEX idx_oauth_code_expires ON oauth_code (expires_ts)",
    "ALTER TABLE access_token ADD COLUMN oauth_client_id INTEGER",
    "ALTER TABLE access_token ADD COLUMN access_expires_ts BIGINT",
    "ALTER TABLE access_token ADD COLUMN refresh_token_hash TEXT",
    "ALTER TABLE access_token ADD COLUMN previous_refresh_hash TEXT",
    "CREATE UNIQUE INDEX idx_access_token_refresh ON access_token (refresh_token_hash)",
    "CREATE INDEX idx_access_token_previous_refresh ON access_token (previous_refresh_hash)",
    "ALTER TABLE oidc_flow ADD COLUMN return_to TEXT",
  ],
};
