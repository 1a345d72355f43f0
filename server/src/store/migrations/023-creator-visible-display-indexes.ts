// PostgreSQL: a creator's memos of some visibilities in display order, from indexes that hold only those: a
// visitor's view of a user (public), a member's (public and protected), a list filtered by one visibility.
// Walking the creator's index and checking each memo's visibility read every private memo on the way: a user with
// 100,000 private memos and a few public ones had a visitor's page read all of them. As in 019, the queries name
// the visibilities as these literals (store/sql/memo/memo-filter.ts), which the planner matches against the conditions.
// SQLite gets neither. Its planner, short of statistics for a new index (an upgraded instance has none until it
// runs ANALYZE), took the (creator, visibility) one for a member's view of a user, public and protected together,
// and sorted all their memos of both (78 ms for a sparse search at 1M, 22 without it); there a visitor's view of
// such a user still reads the private memos on the way.
import type { Migration } from "./types.js";

const NORMAL = "row_status = 'NORMAL'";
const SHARED = `${NORMAL} AND visibility IN ('PUBLIC', 'PROTECTED')`;

export const creatorVisibleDisplayIndexes: Migration = {
  name: "023-creator-visible-display-indexes",
  statements: (engine) =>
    engine === "postgres"
      ? [
          `CREATE INDEX idx_memo_creator_visibility_display ON memo (creator_id, visibility, display_ts, id) WHERE ${NORMAL}`,
          `CREATE INDEX idx_memo_creator_shared_display ON memo (creator_id, display_ts, id) WHERE ${SHARED}`,
        ]
      : [],
};
