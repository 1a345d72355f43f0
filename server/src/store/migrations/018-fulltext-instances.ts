// SQLite: the full-text index's occurrences as a table (fts5vocab 'instance'), so a search can tell a rare text of
// 1–2 characters from a common one by reading at most a few hundred occurrences (store/sql/memo/fulltext.ts). PostgreSQL
// needs nothing.
import { SQLITE_FULLTEXT_INSTANCES } from "../sql/memo/fulltext.js";
import type { Migration } from "./types.js";

export const fulltextInstances: Migration = {
  name: "018-fulltext-instances",
  statements: (engine) => (engine === "sqlite" ? SQLITE_FULLTEXT_INSTANCES : []),
};
