// v0's heat map without `from` (`GET /api/memo/stats?creatorId=N`) answers every display time of a creator's
// memos, newest created first. It read each memo's row through idx_memo_creator_status_created (004) for its
// display_ts and visibility: 57,000 rows of a large account for each call. The index now carries them, so the
// answer is read from the index alone (store/sql/memo/memo.store.ts, displayTimesJson). It replaces 004's index, whose
// columns it starts with (the importer's look-up by creation time uses it as before).
import type { Migration } from "./types.js";

export const memoStatsIndex: Migration = {
  name: "025-memo-stats-index",
  statements: (engine) => [
    "DROP INDEX IF EXISTS idx_memo_creator_status_created",
    engine === "postgres"
      ? "CREATE INDEX idx_memo_creator_status_created ON memo (creator_id, row_status, created_ts, id) INCLUDE (visibility, display_ts)"
      : "CREATE INDEX idx_memo_creator_status_created ON memo (creator_id, row_status, created_ts, id, visibility, display_ts)",
  ],
};
