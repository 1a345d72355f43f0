// Every memo gets a uid, its v1 resource name (`memos/{uid}`): random, kept for the memo's whole life (through the
// trash and back, and across a transfer), and found through a unique index. New memos get theirs from the insert
// (`newMemoUid`); existing rows get 22 random hex characters here. On PostgreSQL the column's default does that for
// every row at once and stays as a backstop; on SQLite, which adds no column with a computed default, the rows are
// updated (no memo trigger watches the column) and a trigger fills a row inserted without one.
import type { Migration } from "./types.js";

const SQLITE_RANDOM_UID = "lower(hex(randomblob(11)))";
const PG_RANDOM_UID = "substr(md5(random()::text || clock_timestamp()::text), 1, 22)";

export const memoUid: Migration = {
  name: "046-memo-uid",
  statements: (engine) =>
    engine === "sqlite"
      ? [
          "ALTER TABLE memo ADD COLUMN uid TEXT",
          `UPDATE memo SET uid = ${SQLITE_RANDOM_UID}`,
          "ALTER TABLE memo_trash ADD COLUMN uid TEXT",
          `UPDATE memo_trash SET uid = ${SQLITE_RANDOM_UID}`,
          `CREATE TRIGGER memo_uid_fill AFTER INSERT ON memo WHEN NEW.uid IS NULL BEGIN
            UPDATE memo SET uid = ${SQLITE_RANDOM_UID} WHERE id = NEW.id;
          END`,
          "CREATE UNIQUE INDEX idx_memo_uid ON memo (uid)",
        ]
      : [
          `ALTER TABLE memo ADD COLUMN uid TEXT NOT NULL DEFAULT ${PG_RANDOM_UID}`,
          `ALTER TABLE memo_trash ADD COLUMN uid TEXT NOT NULL DEFAULT ${PG_RANDOM_UID}`,
          "CREATE UNIQUE INDEX idx_memo_uid ON memo (uid)",
        ],
};
