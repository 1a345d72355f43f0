// Search for 1- and 2-character texts through an index (see store/fulltext.ts). SQLite: the full-text table is
// rebuilt over memo_fts_source (the content and two padding characters, so the last characters of a memo start
// trigrams too), with its vocabulary. PostgreSQL: a GIN index of each memo's characters.
import { POSTGRES_CHARS_INDEX, SQLITE_FULLTEXT } from "../fulltext.js";
import type { Migration } from "./types.js";

export const shortTextIndex: Migration = {
  name: "015-short-text-index",
  statements: (engine) =>
    engine === "sqlite"
      ? [
          "DROP TRIGGER memo_fts_insert",
          "DROP TRIGGER memo_fts_delete",
          "DROP TRIGGER memo_fts_update",
          "DROP TABLE memo_fts",
          ...SQLITE_FULLTEXT,
        ]
      : [POSTGRES_CHARS_INDEX],
};
