// Explore in display order from indexes that hold only what its reader may see: public memos for a visitor, public
// and protected ones for a member.
// Walking an index of every memo and checking each one's visibility read four memos per public one, and the
// search window's 2,000 public memos cost 8,000 reads. Partial indexes (both engines) answer exactly the queries
// whose conditions name the same visibilities (store/sql/memo/memo-filter.ts writes them as these literals).
// The NORMAL-only index replaces the (row status, display time) one: PostgreSQL, assuming the creator and the row
// status independent, walked it for a creator's archived memos (all of everyone's archived, at 1M) instead of the
// creator's index. The (row status, visibility, created) index of 004 serves nothing since lists follow display
// time, and tempted SQLite's planner into sorting.
import type { Migration } from "./types.js";

const NORMAL = "row_status = 'NORMAL'";
const PUBLIC = `${NORMAL} AND visibility = 'PUBLIC'`;
const SHARED = `${NORMAL} AND visibility IN ('PUBLIC', 'PROTECTED')`;

export const visibleDisplayIndexes: Migration = {
  name: "019-visible-display-indexes",
  statements: () => [
    "DROP INDEX idx_memo_status_visibility_created",
    "DROP INDEX idx_memo_status_display",
    `CREATE INDEX idx_memo_normal_display ON memo (display_ts, id) WHERE ${NORMAL}`,
    `CREATE INDEX idx_memo_public_display ON memo (display_ts, id) WHERE ${PUBLIC}`,
    `CREATE INDEX idx_memo_shared_display ON memo (display_ts, id) WHERE ${SHARED}`,
  ],
};
