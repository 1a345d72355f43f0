// A creator's memos of some visibilities in display order, from indexes that hold only those: a visitor's view of
// a user (public), a member's (public and protected), and a list filtered by one visibility. Walking the creator's
// index and checking each memo's visibility read every private memo on the way: a user with 100,000 private memos
// and a few public ones had a visitor's page read all of them. As in 019, the queries name the visibilities as
// these literals (store/memo-filter.ts), which both planners match against the indexes' conditions. SQLite's
// planner, which knows nothing of how visibilities spread, keeps to its (creator, status) index for public and
// protected together, so that index is PostgreSQL's only: there a member's view of such a user still reads the
// private memos on the way.
import type { Migration } from "./types.js";

const NORMAL = "row_status = 'NORMAL'";
const SHARED = `${NORMAL} AND visibility IN ('PUBLIC', 'PROTECTED')`;

export const creatorVisibleDisplayIndexes: Migration = {
  name: "023-creator-visible-display-indexes",
  statements: (engine) => [
    // `visibility IS NOT NULL` (always true) keeps the index from lists that name no visibility: a query must imply
    // it, as `visibility = 'PUBLIC'` does, for SQLite to use the index. Without statistics for it (an upgraded
    // instance), SQLite took it for a creator's home list and sorted all their memos (32 ms at 1M).
    `CREATE INDEX idx_memo_creator_visibility_display ON memo (creator_id, visibility, display_ts, id) WHERE ${NORMAL} AND visibility IS NOT NULL`,
    ...(engine === "postgres" ? [`CREATE INDEX idx_memo_creator_shared_display ON memo (creator_id, display_ts, id) WHERE ${SHARED}`] : []),
  ],
};
