// Two-factor sign-in (issue 27): an account's TOTP secret (pending until a first code confirms it), the last time
// step a code was accepted for (a code is good once: no replay within its window), its recovery codes (sha256 of
// each, a row deleted when used), and a mark on the sessions that may only set up 2FA (the host requires it and
// the account had none at sign-in).
import type { Migration } from "./types.js";

export const twoFactor: Migration = {
  name: "034-two-factor",
  statements: (engine) => [
    `CREATE TABLE user_totp (
      user_id INTEGER NOT NULL PRIMARY KEY,
      secret TEXT NOT NULL,
      enabled_ts BIGINT,
      last_step BIGINT NOT NULL DEFAULT 0,
      created_ts BIGINT NOT NULL)`,
    `CREATE TABLE user_recovery_code (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      user_id INTEGER NOT NULL,
      code_hash TEXT NOT NULL,
      created_ts BIGINT NOT NULL,
      UNIQUE (user_id, code_hash))`,
    "ALTER TABLE session ADD COLUMN two_factor_pending INTEGER NOT NULL DEFAULT 0",
  ],
};
