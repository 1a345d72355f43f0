// What the user approved for an app, kept apart from the scope of its current access token: a refresh may ask for
// less (RFC 6749 §6), which the new access token then has, while the refresh token keeps the whole approval, so a
// later refresh may ask for it again. Null for a personal access token; an app's existing rows were approved as
// their scope says.
import type { Migration } from "./types.js";

export const oauthGrantedScope: Migration = {
  name: "045-oauth-granted-scope",
  statements: () => [
    "ALTER TABLE access_token ADD COLUMN granted_scope TEXT CHECK (granted_scope IN ('read', 'read-write'))",
    "UPDATE access_token SET granted_scope = scope WHERE oauth_client_id IS NOT NULL",
  ],
};
