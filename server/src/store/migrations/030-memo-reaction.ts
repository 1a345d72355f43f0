// Emoji reactions on memos (issue 26): one row per memo, user and emoji. A purged memo's reactions go with it; a
// memo in the trash keeps them (hidden with it).
import type { Migration } from "./types.js";

export const memoReaction: Migration = {
  name: "030-memo-reaction",
  statements: (engine) => [
    `CREATE TABLE memo_reaction (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      memo_id INTEGER NOT NULL,
      creator_id INTEGER NOT NULL,
      emoji TEXT NOT NULL,
      created_ts BIGINT NOT NULL,
      UNIQUE (memo_id, emoji, creator_id))`,
    "CREATE INDEX idx_memo_reaction_creator ON memo_reaction (creator_id)",
  ],
};
