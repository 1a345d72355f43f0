// Search for 1- and 2-character texts through an index (see store/sql/memo/fulltext.ts). PostgreSQL: a GIN index of each
// memo's characters. SQLite: the full-text table was rebuilt here over memo_fts_source (the content and two padding
// characters, so the last characters of a memo start trigrams too); migration 021 now builds that table in its
// final form, so an instance that has not run 015 yet builds it once, there (a rebuild reads every memo).
import { POSTGRES_CHARS_INDEX } from "../sql/memo/fulltext.js";
import type { Migration } from "./types.js";

export const shortTextIndex: Migration = {
  name: "015-short-text-index",
  statements: (engine) => (engine === "sqlite" ? [] : [POSTGRES_CHARS_INDEX]),
};
