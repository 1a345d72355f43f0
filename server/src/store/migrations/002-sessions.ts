// Server-side sessions (shared by every server instance) and the sign-in failure log for rate limiting.
import type { Migration } from "./types.js";

export const sessions: Migration = {
  name: "002-sessions",
  statements: (engine) => [
    `CREATE TABLE session (
      id TEXT NOT NULL PRIMARY KEY,
      user_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL,
      expires_ts BIGINT NOT NULL)`,
    `CREATE INDEX idx_session_user ON session (user_id)`,
    `CREATE TABLE auth_failure (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      key TEXT NOT NULL,
      created_ts BIGINT NOT NULL)`,
    `CREATE INDEX idx_auth_failure_key ON auth_failure (key, created_ts)`,
  ],
};
