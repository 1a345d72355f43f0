// SQLite: a creator's memos of one visibility in display order (a visitor's view of a user: their public memos),
// from an index that holds them together. Walking the creator's index and checking each memo's visibility read
// every private memo on the way: a user with 100,000 private memos and a few public ones had a visitor's page read
// all of them. PostgreSQL got its own in 023.
// Shaped for SQLite's planner, which has no statistics (nothing runs ANALYZE) or, after an upgrade, none for this
// index while it has them for the others, and then judges any equality on a new index to find ten rows:
// - visibility leads: a member's view (public and protected) is a merge of one walk per visibility
//   (store/sql/memo/memo-walk.ts), never one `IN` over both, which the planner sorted through an index led by the creator
//   (78 ms at 1M); an `IN` on the leading column gives it two ranges it cannot walk in order;
// - `creator_id IS NOT NULL` makes it serve only queries that compare the creator (SQLite's rule for partial
//   indexes): explore, which names one visibility and no creator, keeps its own ordered index (019).
import type { Migration } from "./types.js";

export const sqliteCreatorVisibilityIndex: Migration = {
  name: "024-sqlite-creator-visibility-index",
  statements: (engine) =>
    engine === "sqlite"
      ? [
          "CREATE INDEX idx_memo_visibility_creator_display ON memo (visibility, creator_id, display_ts, id) WHERE creator_id IS NOT NULL AND row_status = 'NORMAL'",
        ]
      : [],
};
