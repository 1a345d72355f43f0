// Emptying a trash, or its memos' expiry, as a recorded intent: one row says "purge the memos this trash (or, without
// a creator, every trash) held up to `through_ts`", written by the request in one statement; the purge then runs in
// batches in the background (services/trash-sweeper.ts) and the row goes when nothing it covers is left. Lists and
// counts of a trash leave out what a row covers, so an emptied trash is empty at once and stays so after a crash, and
// any server process finishes what another started.
import type { Migration } from "./types.js";

export const trashPurge: Migration = {
  name: "044-trash-purge",
  statements: (engine) => [
    `CREATE TABLE trash_purge (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY"},
      creator_id INTEGER,
      through_ts BIGINT NOT NULL,
      requested_ts BIGINT NOT NULL)`,
    "CREATE INDEX idx_trash_purge_creator ON trash_purge (creator_id, through_ts)",
  ],
};
