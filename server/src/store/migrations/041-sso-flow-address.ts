// The client address a single sign-on flow was started from (its key, never the address): one address may hold only
// so many unfinished flows (services/sso.service.ts), counted through the index. Flows of before have none and are
// gone within ten minutes.
import type { Migration } from "./types.js";

export const ssoFlowAddress: Migration = {
  name: "041-sso-flow-address",
  statements: () => [
    "ALTER TABLE oidc_flow ADD COLUMN address_key TEXT",
    "CREATE INDEX idx_oidc_flow_address ON oidc_flow (address_key, expires_ts)",
  ],
};
