// Emoji reactions on comments (issue 26): one row per comment, user and emoji, as memo_reaction is for memos. A
// deleted comment's reactions go with it, as do those of a purged memo's comments. An inbox item about a reaction to
// a comment names the comment (comment_id; null for everything else), so the comment's deletion takes it along.
import type { Migration } from "./types.js";

export const commentReaction: Migration = {
  name: "033-comment-reaction",
  statements: (engine) => [
    `CREATE TABLE comment_reaction (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      comment_id INTEGER NOT NULL,
      creator_id INTEGER NOT NULL,
      emoji TEXT NOT NULL,
      created_ts BIGINT NOT NULL,
      UNIQUE (comment_id, emoji, creator_id))`,
    "CREATE INDEX idx_comment_reaction_creator ON comment_reaction (creator_id)",
    "ALTER TABLE inbox_item ADD COLUMN comment_id INTEGER",
    "CREATE INDEX idx_inbox_item_comment ON inbox_item (comment_id)",
  ],
};
