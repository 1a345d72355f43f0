// SQLite: the full-text index's segments are merged by the merger's thread, no longer by the write that adds one
// (store/sql/memo/fulltext.ts, store/sqlite/fulltext-merger.ts). PostgreSQL needs nothing.
import { SQLITE_FULLTEXT_MERGING } from "../sql/memo/fulltext.js";
import type { Migration } from "./types.js";

export const fulltextMerging: Migration = {
  name: "022-fulltext-merging",
  statements: (engine) => (engine === "sqlite" ? SQLITE_FULLTEXT_MERGING : []),
};
