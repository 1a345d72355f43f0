// Tags extracted from memo content, indexed for the tag filter; existing memos are backfilled.
import { extractTags } from "@memos/common";
import type { Migration } from "./types.js";

const BATCH = 500;

export const memoTags: Migration = {
  name: "003-memo-tags",
  statements: () => [
    `CREATE TABLE memo_tag (
      memo_id INTEGER NOT NULL,
      tag TEXT NOT NULL,
      PRIMARY KEY (memo_id, tag))`,
    `CREATE INDEX idx_memo_tag_tag ON memo_tag (tag)`,
  ],
  async after(db) {
    let lastId = 0;
    for (;;) {
      const memos = await db.selectFrom("memo").select(["id", "content"]).where("id", ">", lastId).orderBy("id").limit(BATCH).execute();
      if (memos.length === 0) return;
      const rows = memos.flatMap((memo) => extractTags(memo.content).map((tag) => ({ memo_id: memo.id, tag })));
      if (rows.length > 0) await db.insertInto("memo_tag").values(rows).execute();
      lastId = memos[memos.length - 1]!.id;
    }
  },
};
