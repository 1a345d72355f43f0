// The inbox (issue 26): what happened to a user's memos and where they were named — a mention, a reaction, a
// comment — one row each, read or not. What a row points at is judged again when the inbox is read (a memo made
// private since, or in the trash, is not shown).
import type { Migration } from "./types.js";

export const inbox: Migration = {
  name: "032-inbox",
  statements: (engine) => [
    `CREATE TABLE inbox_item (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      user_id INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('mention', 'reaction', 'comment')),
      memo_id INTEGER NOT NULL,
      actor_id INTEGER NOT NULL,
      detail TEXT NOT NULL DEFAULT '',
      created_ts BIGINT NOT NULL,
      read_ts BIGINT)`,
    "CREATE INDEX idx_inbox_item_user ON inbox_item (user_id, id)",
    "CREATE INDEX idx_inbox_item_memo ON inbox_item (memo_id)",
  ],
};
