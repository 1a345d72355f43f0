// Spaces (issue 47): shared collections with members. A memo posted to a space keeps `visibility = 'PRIVATE'` and
// names the space in `space_id`: every list, count, search, feed and export that does not know spaces treats it as
// its author's private memo, so none of them can show it to anyone else; the space's own routes, and the policy's
// membership check (policies/memo.policy.ts), are the only ways members reach it. A trashed memo keeps its space in
// memo_trash. The feed walks (space_id, display_ts, id) of the space's NORMAL memos, a partial index that holds
// space memos only. A space has exactly one owner (a member row of role 'owner', unique by the partial index).
// Invitation links keep only the SHA-256 of their token, as share links do (028).
import type { Migration } from "./types.js";

export const spaces: Migration = {
  name: "051-spaces",
  statements: (engine) => {
    const id = engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY";
    return [
      `CREATE TABLE space (
        id ${id},
        name TEXT NOT NULL,
        created_ts BIGINT NOT NULL)`,
      `CREATE TABLE space_member (
        space_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'reader')),
        created_ts BIGINT NOT NULL,
        PRIMARY KEY (space_id, user_id))`,
      "CREATE INDEX idx_space_member_user ON space_member (user_id, space_id)",
      "CREATE UNIQUE INDEX idx_space_member_owner ON space_member (space_id) WHERE role = 'owner'",
      `CREATE TABLE space_invitation (
        id ${id},
        space_id INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('editor', 'reader')),
        created_ts BIGINT NOT NULL,
        expires_ts BIGINT)`,
      "CREATE INDEX idx_space_invitation_space ON space_invitation (space_id, id)",
      "ALTER TABLE memo ADD COLUMN space_id INTEGER",
      "ALTER TABLE memo_trash ADD COLUMN space_id INTEGER",
      "CREATE INDEX idx_memo_space_display ON memo (space_id, row_status, display_ts, id) WHERE space_id IS NOT NULL",
    ];
  },
};
