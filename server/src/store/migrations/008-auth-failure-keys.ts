// Sign-in failures keyed by hashes instead of raw input, one row per failure carrying both the account and
// the client address, so the limits can count per pair, per address and per account (auth/rate-limit.ts).
// The old rows ("user:<name>" / "addr:<ip>") are dropped: they only ever matter for 15 minutes.
import type { Migration } from "./types.js";

export const authFailureKeys: Migration = {
  name: "008-auth-failure-keys",
  statements: (engine) => [
    `DROP TABLE auth_failure`,
    `CREATE TABLE auth_failure (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"},
      account_key TEXT NOT NULL,
      address_key TEXT NOT NULL,
      created_ts BIGINT NOT NULL)`,
    `CREATE INDEX idx_auth_failure_pair ON auth_failure (account_key, address_key, created_ts)`,
    `CREATE INDEX idx_auth_failure_address ON auth_failure (address_key, created_ts)`,
    `CREATE INDEX idx_auth_failure_created ON auth_failure (created_ts)`,
  ],
};
