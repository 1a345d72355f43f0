// Two-factor sign-in's own limits (issue 42): every wrong code of an account (`two_factor_failure`, counted per account
// whatever the address, through its index) and the lock that refuses the account's app codes for a while once too many
// came (`two_factor_lock`, one row per account); the owner hears of each lock in the inbox, so an item may now be
// about the account rather than a memo (no memo, no actor). And the step that asks for the account's second factor
// after single sign-on (`sso_second_factor`): a row per step under way, keyed by the SHA-256 of its browser cookie,
// single use, expiring.
import type { Engine } from "../db.js";
import type { Migration } from "./types.js";

const INBOX_KINDS = "'mention', 'reaction', 'comment', 'two-factor-locked'";

/** SQLite changes neither a column's NOT NULL nor a CHECK in place: the table is made again, its ids kept. */
const sqliteInbox = [
  `CREATE TABLE inbox_item_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN (${INBOX_KINDS})),
    memo_id INTEGER,
    actor_id INTEGER,
    detail TEXT NOT NULL DEFAULT '',
    created_ts BIGINT NOT NULL,
    read_ts BIGINT,
    comment_id INTEGER)`,
  `INSERT INTO inbox_item_new (id, user_id, kind, memo_id, actor_id, detail, created_ts, read_ts, comment_id)
    SELECT id, user_id, kind, memo_id, actor_id, detail, created_ts, read_ts, comment_id FROM inbox_item`,
  // The next id continues after the highest ever given, as before (not after the highest left).
  `INSERT INTO sqlite_sequence (name, seq) SELECT 'inbox_item_new', seq FROM sqlite_sequence WHERE name = 'inbox_item'
    AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'inbox_item_new')`,
  `UPDATE sqlite_sequence SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('inbox_item', 'inbox_item_new'))
    WHERE name = 'inbox_item_new'`,
  "DROP TABLE inbox_item",
  "ALTER TABLE inbox_item_new RENAME TO inbox_item",
  "CREATE INDEX idx_inbox_item_user ON inbox_item (user_id, id)",
  "CREATE INDEX idx_inbox_item_memo ON inbox_item (memo_id)",
  "CREATE INDEX idx_inbox_item_comment ON inbox_item (comment_id)",
];

const postgresInbox = [
  "ALTER TABLE inbox_item ALTER COLUMN memo_id DROP NOT NULL",
  "ALTER TABLE inbox_item ALTER COLUMN actor_id DROP NOT NULL",
  "ALTER TABLE inbox_item DROP CONSTRAINT inbox_item_kind_check",
  `ALTER TABLE inbox_item ADD CONSTRAINT inbox_item_kind_check CHECK (kind IN (${INBOX_KINDS}))`,
];

const serial = (engine: Engine) => (engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY");

export const secondFactor: Migration = {
  name: "043-second-factor",
  statements: (engine) => [
    `CREATE TABLE two_factor_failure (
      id ${serial(engine)},
      user_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL)`,
    "CREATE INDEX idx_two_factor_failure_user ON two_factor_failure (user_id, created_ts)",
    "CREATE INDEX idx_two_factor_failure_created ON two_factor_failure (created_ts)",
    `CREATE TABLE two_factor_lock (
      user_id INTEGER NOT NULL PRIMARY KEY,
      until_ts BIGINT NOT NULL)`,
    `CREATE TABLE sso_second_factor (
      ticket_hash TEXT NOT NULL PRIMARY KEY,
      user_id INTEGER NOT NULL,
      expires_ts BIGINT NOT NULL)`,
    "CREATE INDEX idx_sso_second_factor_expires ON sso_second_factor (expires_ts)",
    ...(engine === "sqlite" ? sqliteInbox : postgresInbox),
  ],
};
