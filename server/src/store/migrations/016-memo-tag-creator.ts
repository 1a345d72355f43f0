// A tag list of one creator reads that creator's entries of the tag: memo_tag carries the memo's creator (a memo
// never changes hands), indexed with the tag. Whatever inserts a tag row (the store, a transfer, a bulk load), a
// trigger fills the creator from the memo.
import type { Migration } from "./types.js";

const COMMON = [
  "ALTER TABLE memo_tag ADD COLUMN creator_id INTEGER",
  "UPDATE memo_tag SET creator_id = (SELECT m.creator_id FROM memo m WHERE m.id = memo_tag.memo_id)",
];

const SQLITE = [
  ...COMMON,
  "CREATE INDEX idx_memo_tag_creator_tag ON memo_tag (creator_id, tag)",
  `CREATE TRIGGER memo_tag_creator AFTER INSERT ON memo_tag WHEN new.creator_id IS NULL BEGIN
     UPDATE memo_tag SET creator_id = (SELECT m.creator_id FROM memo m WHERE m.id = new.memo_id)
       WHERE memo_id = new.memo_id AND tag = new.tag;
   END`,
];

// The tag compared in the "C" collation, as the store's range of a tag's children is (see migration 010).
const POSTGRES = [
  ...COMMON,
  `CREATE INDEX idx_memo_tag_creator_tag_c ON memo_tag (creator_id, tag COLLATE "C")`,
  `CREATE FUNCTION memo_tag_creator() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.creator_id IS NULL THEN
       NEW.creator_id := (SELECT m.creator_id FROM memo m WHERE m.id = NEW.memo_id);
     END IF;
     RETURN NEW;
   END $$`,
  "CREATE TRIGGER memo_tag_creator BEFORE INSERT ON memo_tag FOR EACH ROW EXECUTE FUNCTION memo_tag_creator()",
];

export const memoTagCreator: Migration = {
  name: "016-memo-tag-creator",
  statements: (engine) => (engine === "sqlite" ? SQLITE : POSTGRES),
};
