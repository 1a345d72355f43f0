// Indexes for every list the app runs.
import type { Migration } from "./types.js";

export const indexes: Migration = {
  name: "004-indexes",
  statements: () => [
    `CREATE INDEX IF NOT EXISTS idx_memo_creator_status_created ON memo (creator_id, row_status, created_ts)`,
    `CREATE INDEX IF NOT EXISTS idx_memo_status_visibility_created ON memo (row_status, visibility, created_ts)`,
    `CREATE INDEX IF NOT EXISTS idx_memo_resource_resource ON memo_resource (resource_id)`,
    `CREATE INDEX IF NOT EXISTS idx_resource_creator ON resource (creator_id)`,
    `CREATE INDEX IF NOT EXISTS idx_shortcut_creator ON shortcut (creator_id)`,
    `CREATE INDEX IF NOT EXISTS idx_tag_creator ON tag (creator_id)`,
    `CREATE INDEX IF NOT EXISTS idx_memo_organizer_user ON memo_organizer (user_id)`,
  ],
};
