// Single sign-on with OpenID Connect (issue 27): the host's identity providers, the accounts linked to them (by the
// provider's `sub`, never a name or email), and the browser flows under way (state hashed as the key, single use,
// kept in the database so any server process can finish a flow another started; bound to the browser that started
// it by the hash of a cookie).
import type { Migration } from "./types.js";

export const identityProvider: Migration = {
  name: "037-identity-provider",
  statements: (engine) => {
    const id = engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY";
    return [
      `CREATE TABLE identity_provider (
        id ${id},
        name TEXT NOT NULL,
        issuer TEXT NOT NULL,
        client_id TEXT NOT NULL,
        client_secret TEXT NOT NULL DEFAULT '',
        scopes TEXT NOT NULL,
        username_claim TEXT NOT NULL,
        create_users INTEGER NOT NULL DEFAULT 0,
        new_user_role TEXT NOT NULL DEFAULT 'USER' CHECK (new_user_role IN ('USER', 'ADMIN')),
        enabled INTEGER NOT NULL DEFAULT 1,
        created_ts BIGINT NOT NULL,
        updated_ts BIGINT NOT NULL)`,
      `CREATE TABLE user_identity (
        id ${id},
        user_id INTEGER NOT NULL,
        provider_id INTEGER NOT NULL,
        subject TEXT NOT NULL,
        created_ts BIGINT NOT NULL,
        last_used_ts BIGINT)`,
      "CREATE UNIQUE INDEX idx_user_identity_subject ON user_identity (provider_id, subject)",
      "CREATE INDEX idx_user_identity_user ON user_identity (user_id)",
      `CREATE TABLE oidc_flow (
        state_hash TEXT PRIMARY KEY,
        provider_id INTEGER NOT NULL,
        nonce TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        browser_hash TEXT NOT NULL,
        link_user_id INTEGER,
        expires_ts BIGINT NOT NULL)`,
      "CREATE INDEX idx_oidc_flow_expires ON oidc_flow (expires_ts)",
    ];
  },
};
