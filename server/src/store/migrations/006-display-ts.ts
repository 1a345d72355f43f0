// The display time as a column, so lists and explore are read in index order instead of sorting every
// visible memo. It is the creator's created_ts, or updated_ts when their memoDisplayTsOption says so; the
// memo store keeps it current on insert and update, and the user setting rewrites it for all their memos.
import { UPDATED_TS_CHOSEN } from "../sql/memo/display-time.js";
import type { Migration } from "./types.js";

export const displayTs: Migration = {
  name: "006-display-ts",
  statements: () => [
    `ALTER TABLE memo ADD COLUMN display_ts BIGINT NOT NULL DEFAULT 0`,
    `UPDATE memo SET display_ts = CASE WHEN ${UPDATED_TS_CHOSEN} THEN updated_ts ELSE created_ts END`,
    `CREATE INDEX idx_memo_status_display ON memo (row_status, display_ts, id)`,
    `CREATE INDEX idx_memo_creator_status_display ON memo (creator_id, row_status, display_ts, id)`,
  ],
};
