// A tag list reads its page from memo_tag in display order: each entry carries its memo's display time, indexed
// after the tag (and after the creator, for a creator's own list), so the newest memos of a tag are the last
// entries of one index range, whatever the tag's size. Triggers keep the copy: an entry takes its memo's creator
// and display time when inserted (by the store, a transfer, an import, a bulk load), and follows the memo's display
// time when it changes (an edit under the "updated time" option, or the option itself changing).
// The wider indexes replace the (creator, tag) and (tag) ones, whose every use they serve.
import type { Migration } from "./types.js";

const SQLITE = [
  "ALTER TABLE memo_tag ADD COLUMN display_ts BIGINT",
  "UPDATE memo_tag SET display_ts = (SELECT m.display_ts FROM memo m WHERE m.id = memo_tag.memo_id)",
  "DROP INDEX idx_memo_tag_creator_tag",
  "DROP INDEX idx_memo_tag_tag",
  "CREATE INDEX idx_memo_tag_creator_display ON memo_tag (creator_id, tag, display_ts, memo_id)",
  "CREATE INDEX idx_memo_tag_display ON memo_tag (tag, display_ts, memo_id)",
  "DROP TRIGGER memo_tag_creator",
  `CREATE TRIGGER memo_tag_fill AFTER INSERT ON memo_tag WHEN new.creator_id IS NULL OR new.display_ts IS NULL BEGIN
     UPDATE memo_tag SET (creator_id, display_ts) =
       (SELECT coalesce(new.creator_id, m.creator_id), coalesce(new.display_ts, m.display_ts) FROM memo m WHERE m.id = new.memo_id)
       WHERE memo_id = new.memo_id AND tag = new.tag;
   END`,
  `CREATE TRIGGER memo_tag_display AFTER UPDATE OF display_ts ON memo WHEN old.display_ts IS NOT new.display_ts BEGIN
     UPDATE memo_tag SET display_ts = new.display_ts WHERE memo_id = new.id;
   END`,
];

// The tag compared in the "C" collation, as the store's range of a tag's children is (see migration 010).
const POSTGRES = [
  "ALTER TABLE memo_tag ADD COLUMN display_ts BIGINT",
  "UPDATE memo_tag t SET display_ts = m.display_ts FROM memo m WHERE m.id = t.memo_id",
  "DROP INDEX idx_memo_tag_creator_tag_c",
  "DROP INDEX idx_memo_tag_tag_c",
  "DROP INDEX idx_memo_tag_tag",
  `CREATE INDEX idx_memo_tag_creator_display ON memo_tag (creator_id, tag COLLATE "C", display_ts, memo_id)`,
  `CREATE INDEX idx_memo_tag_display ON memo_tag (tag COLLATE "C", display_ts, memo_id)`,
  `CREATE OR REPLACE FUNCTION memo_tag_creator() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.creator_id IS NULL OR NEW.display_ts IS NULL THEN
       SELECT coalesce(NEW.creator_id, m.creator_id), coalesce(NEW.display_ts, m.display_ts)
         INTO NEW.creator_id, NEW.display_ts FROM memo m WHERE m.id = NEW.memo_id;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE FUNCTION memo_tag_display() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE memo_tag SET display_ts = NEW.display_ts WHERE memo_id = NEW.id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER memo_tag_display AFTER UPDATE OF display_ts ON memo FOR EACH ROW
     WHEN (OLD.display_ts IS DISTINCT FROM NEW.display_ts) EXECUTE FUNCTION memo_tag_display()`,
];

export const memoTagDisplay: Migration = {
  name: "017-memo-tag-display",
  statements: (engine) => (engine === "sqlite" ? SQLITE : POSTGRES),
};
