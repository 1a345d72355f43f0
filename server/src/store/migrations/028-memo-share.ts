// Private share links (issue 26): `/s/<token>` shows one memo to whoever holds the link. Only the SHA-256 of the
// token is kept. Revoking deletes the row; a purge of the memo deletes its links (a trashed memo keeps them, and its
// links answer 404 until it is restored).
import type { Migration } from "./types.js";

export const memoShare: Migration = {
  name: "028-memo-share",
  statements: (engine) => [
    `CREATE TABLE memo_share (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      memo_id INTEGER NOT NULL,
      creator_id INTEGER NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      created_ts BIGINT NOT NULL,
      expires_ts BIGINT,
      last_opened_ts BIGINT)`,
    "CREATE INDEX idx_memo_share_memo ON memo_share (memo_id, id)",
  ],
};
