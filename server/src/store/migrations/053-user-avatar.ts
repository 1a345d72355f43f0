// A user's avatar (memos' v1 User.avatar_url, sent as a data: URL): its bytes in a table of their own, so the user
// row, read by every request that signs someone in, stays small; the row keeps only when the avatar was set
// (`avatar_ts`, null for none), which is all a user's JSON needs to name the avatar's address.
import type { Migration } from "./types.js";

export const userAvatar: Migration = {
  name: "053-user-avatar",
  statements: (engine) => [
    'ALTER TABLE "user" ADD COLUMN avatar_ts BIGINT',
    `CREATE TABLE user_avatar (
      user_id INTEGER NOT NULL PRIMARY KEY,
      mime_type TEXT NOT NULL,
      bytes ${engine === "sqlite" ? "BLOB" : "BYTEA"} NOT NULL,
      updated_ts BIGINT NOT NULL)`,
  ],
};
