// Lists in updated order (newest edit first, `orderBy=updated`; v1's `update_time`) read their pages from indexes as
// the display-ordered lists do: each display index of memo (migrations 006, 009, 019, 023, 024) gets its twin on
// (updated_ts, id), and memo_tag carries its memo's updated time too, indexed after the tag (and the creator) as
// migration 017 did for the display time, so that a tag's most recently edited memos are the last entries of one
// index range. Triggers keep the copy: an entry takes its memo's updated time when inserted (by the store, a
// transfer, an import), and follows it on every edit.
import type { Migration } from "./types.js";

const NORMAL = "row_status = 'NORMAL'";
const PUBLIC = `${NORMAL} AND visibility = 'PUBLIC'`;
const SHARED = `${NORMAL} AND visibility IN ('PUBLIC', 'PROTECTED')`;

/** The memo indexes both engines share, each the twin of a display one. */
const MEMO_INDEXES = [
  "CREATE INDEX idx_memo_creator_status_updated ON memo (creator_id, row_status, updated_ts, id)",
  "CREATE INDEX idx_memo_creator_updated ON memo (creator_id, updated_ts, id)",
  `CREATE INDEX idx_memo_normal_updated ON memo (updated_ts, id) WHERE ${NORMAL}`,
  `CREATE INDEX idx_memo_public_updated ON memo (updated_ts, id) WHERE ${PUBLIC}`,
  `CREATE INDEX idx_memo_shared_updated ON memo (updated_ts, id) WHERE ${SHARED}`,
];

const SQLITE = [
  ...MEMO_INDEXES,
  `CREATE INDEX idx_memo_visibility_creator_updated ON memo (visibility, creator_id, updated_ts, id) WHERE creator_id IS NOT NULL AND ${NORMAL}`,
  "ALTER TABLE memo_tag ADD COLUMN updated_ts BIGINT",
  "UPDATE memo_tag SET updated_ts = (SELECT m.updated_ts FROM memo m WHERE m.id = memo_tag.memo_id)",
  "CREATE INDEX idx_memo_tag_creator_updated ON memo_tag (creator_id, tag, updated_ts, memo_id)",
  "CREATE INDEX idx_memo_tag_updated ON memo_tag (tag, updated_ts, memo_id)",
  // Beside memo_tag_fill (017), which fills the creator and the display time of an entry inserted without them.
  `CREATE TRIGGER memo_tag_fill_updated AFTER INSERT ON memo_tag WHEN new.updated_ts IS NULL BEGIN
     UPDATE memo_tag SET updated_ts = (SELECT m.updated_ts FROM memo m WHERE m.id = new.memo_id)
       WHERE memo_id = new.memo_id AND tag = new.tag;
   END`,
  `CREATE TRIGGER memo_tag_updated AFTER UPDATE OF updated_ts ON memo WHEN old.updated_ts IS NOT new.updated_ts BEGIN
     UPDATE memo_tag SET updated_ts = new.updated_ts WHERE memo_id = new.id;
   END`,
];

// The tag compared in the "C" collation, as the store's range of a tag's children is (see migrations 010, 017).
const POSTGRES = [
  ...MEMO_INDEXES,
  `CREATE INDEX idx_memo_creator_visibility_updated ON memo (creator_id, visibility, updated_ts, id) WHERE ${NORMAL}`,
  `CREATE INDEX idx_memo_creator_shared_updated ON memo (creator_id, updated_ts, id) WHERE ${SHARED}`,
  "ALTER TABLE memo_tag ADD COLUMN updated_ts BIGINT",
  "UPDATE memo_tag t SET updated_ts = m.updated_ts FROM memo m WHERE m.id = t.memo_id",
  `CREATE INDEX idx_memo_tag_creator_updated ON memo_tag (creator_id, tag COLLATE "C", updated_ts, memo_id)`,
  `CREATE INDEX idx_memo_tag_updated ON memo_tag (tag COLLATE "C", updated_ts, memo_id)`,
  `CREATE FUNCTION memo_tag_fill_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.updated_ts IS NULL THEN
       SELECT m.updated_ts INTO NEW.updated_ts FROM memo m WHERE m.id = NEW.memo_id;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER memo_tag_fill_updated BEFORE INSERT ON memo_tag FOR EACH ROW EXECUTE FUNCTION memo_tag_fill_updated()`,
  `CREATE FUNCTION memo_tag_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE memo_tag SET updated_ts = NEW.updated_ts WHERE memo_id = NEW.id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER memo_tag_updated AFTER UPDATE OF updated_ts ON memo FOR EACH ROW
     WHEN (OLD.updated_ts IS DISTINCT FROM NEW.updated_ts) EXECUTE FUNCTION memo_tag_updated()`,
  // Planned for each run's key, as 040 made 016's and 017's: a plan kept from a small table scanned it per row.
  "ALTER FUNCTION memo_tag_fill_updated() SET plan_cache_mode = force_custom_plan",
  "ALTER FUNCTION memo_tag_updated() SET plan_cache_mode = force_custom_plan",
];

export const updatedOrderIndexes: Migration = {
  name: "050-updated-order-indexes",
  statements: (engine) => (engine === "sqlite" ? SQLITE : POSTGRES),
};
