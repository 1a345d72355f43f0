// A memo's history and the trash.
// - memo_revision: the versions a memo's content and visibility replaced (what the version said, when it was
//   written and by what, when it was replaced), thinned by the host's keeping rule (common/src/domain/history.ts).
// - memo.edit_source / edit_token_id: what wrote the memo's current version, so the version it becomes when
//   replaced can say (null: written before this migration).
// - memo_trash: a deleted memo's row, moved out of `memo` so that no list, count, search, tag or export reads it,
//   until it is restored (the same id) or purged. Its resource links and pins stay in memo_resource and
//   memo_organizer meanwhile, so its files are not "unused".
import type { Migration } from "./types.js";

export const historyAndTrash: Migration = {
  name: "027-history-and-trash",
  statements: (engine) => {
    const serial = engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY";
    return [
      "ALTER TABLE memo ADD COLUMN edit_source TEXT",
      "ALTER TABLE memo ADD COLUMN edit_token_id INTEGER",
      `CREATE TABLE memo_revision (
        id ${serial},
        memo_id INTEGER NOT NULL,
        creator_id INTEGER NOT NULL,
        content TEXT NOT NULL,
        visibility TEXT NOT NULL,
        created_ts BIGINT NOT NULL,
        replaced_ts BIGINT NOT NULL,
        source TEXT,
        token_id INTEGER)`,
      "CREATE INDEX idx_memo_revision_memo ON memo_revision (memo_id, id)",
      `CREATE TABLE memo_trash (
        memo_id INTEGER PRIMARY KEY,
        creator_id INTEGER NOT NULL,
        trashed_ts BIGINT NOT NULL,
        created_ts BIGINT NOT NULL,
        updated_ts BIGINT NOT NULL,
        display_ts BIGINT NOT NULL,
        row_status TEXT NOT NULL,
        content TEXT NOT NULL,
        visibility TEXT NOT NULL,
        access_token_id INTEGER,
        edit_source TEXT,
        edit_token_id INTEGER)`,
      "CREATE INDEX idx_memo_trash_creator ON memo_trash (creator_id, trashed_ts, memo_id)",
      "CREATE INDEX idx_memo_trash_trashed ON memo_trash (trashed_ts)",
    ];
  },
};
