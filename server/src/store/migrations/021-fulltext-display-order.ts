// SQLite: the full-text index is rebuilt with the memo's display key as its rowid (store/sql/memo/fulltext.ts), so a search
// reads a text's matches newest first and stops at a page, instead of reading every match to order them (a text
// with thousands of matches, few of them recent: 177 ms at 1M memos). The update trigger follows display_ts too.
// PostgreSQL needs nothing.
import { SQLITE_FULLTEXT, SQLITE_FULLTEXT_INSTANCES } from "../sql/memo/fulltext.js";
import type { Migration } from "./types.js";

export const fulltextDisplayOrder: Migration = {
  name: "021-fulltext-display-order",
  statements: (engine) => (engine === "sqlite" ? [...SQLITE_FULLTEXT, ...SQLITE_FULLTEXT_INSTANCES] : []),
};
