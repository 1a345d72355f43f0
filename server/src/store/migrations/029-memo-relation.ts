// References between memos (`[notes](/m/12)` in a memo's text: common/src/domain/memo-links.ts), kept for the memo's
// Links and Referenced by. One row per (memo, memo it references, type); `REFERENCE` is the only type so far.
// Read both ways: a memo's links by the primary key, its backlinks by idx_memo_relation_related, newest first.
// A memo in the trash keeps its rows both ways (readers join `memo`, so it is never shown); a purge removes them.
import type { Migration } from "./types.js";

export const memoRelation: Migration = {
  name: "029-memo-relation",
  statements: () => [
    `CREATE TABLE memo_relation (
      memo_id INTEGER NOT NULL,
      related_memo_id INTEGER NOT NULL,
      type TEXT NOT NULL,
      PRIMARY KEY (memo_id, type, related_memo_id))`,
    "CREATE INDEX idx_memo_relation_related ON memo_relation (related_memo_id, type, memo_id)",
  ],
};
