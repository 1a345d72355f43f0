// A tag list finds a rare tag and its children through memo_tag's tag index: the tag, then the range of its
// children (`work/` up to `work0`). SQLite compares text bytewise, so idx_memo_tag_tag serves both. PostgreSQL
// orders text by the database's collation, in which that range need not hold the children: the store compares
// in the "C" collation, and this index serves it.
import type { Migration } from "./types.js";

export const tagPrefixIndex: Migration = {
  name: "010-tag-prefix-index",
  statements: (engine) => (engine === "postgres" ? [`CREATE INDEX idx_memo_tag_tag_c ON memo_tag (tag COLLATE "C")`] : []),
};
