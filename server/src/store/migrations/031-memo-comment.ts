// Comments on memos (issue 26): their own table (comments are not memos), their files, and the memos whose author
// closed comments. A memo in the trash keeps its comments (hidden with it); a purge deletes them.
import type { Migration } from "./types.js";

export const memoComment: Migration = {
  name: "031-memo-comment",
  statements: (engine) => [
    `CREATE TABLE memo_comment (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      memo_id INTEGER NOT NULL,
      creator_id INTEGER NOT NULL,
      content TEXT NOT NULL,
      created_ts BIGINT NOT NULL,
      updated_ts BIGINT NOT NULL)`,
    // A memo's comments in order (and their count); a user's comments (their deletion).
    "CREATE INDEX idx_memo_comment_memo ON memo_comment (memo_id, id)",
    "CREATE INDEX idx_memo_comment_creator ON memo_comment (creator_id)",
    `CREATE TABLE memo_comment_resource (
      comment_id INTEGER NOT NULL,
      resource_id INTEGER NOT NULL,
      PRIMARY KEY (comment_id, resource_id))`,
    "CREATE INDEX idx_memo_comment_resource_resource ON memo_comment_resource (resource_id)",
    "CREATE TABLE memo_comment_closed (memo_id INTEGER NOT NULL PRIMARY KEY)",
  ],
};
