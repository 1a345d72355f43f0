// Each memo keeps its property flags (`property_flags`: has a link, a task list, code, an open task; one bit each,
// memoPropertyFlags in common's memo-properties.ts), written with its text by the store, so v1's stats count them
// and its filters check them without reading the text. One integer rather than four columns: the four are always
// written together, read together (stats sum all four), and a property added later is a bit, not a column. A trashed
// memo keeps them in memo_trash (its row moves with its columns). Existing rows are computed here by the same
// function, a batch at a time, each batch's reading held to a budget of characters (a text may be 1 MiB). The stats
// index (025) gains the updated time and the flags, so a creator's stats are read from the index alone; it is
// built after the backfill, which then writes no index entry.
import { memoPropertyFlags } from "@memos/common";
import { sql } from "kysely";
import type { Db, Engine } from "../db.js";
import type { Migration } from "./types.js";

/** Memos whose lengths are read at once. */
const LENGTHS = 1000;
/** Characters of text read at once (about 8 MB as JavaScript strings). */
const CHARACTERS = 4_000_000;

const STATS_INDEX = {
  sqlite:
    "CREATE INDEX idx_memo_creator_status_created ON memo (creator_id, row_status, created_ts, id, visibility, display_ts, updated_ts, property_flags)",
  postgres:
    "CREATE INDEX idx_memo_creator_status_created ON memo (creator_id, row_status, created_ts, id) INCLUDE (visibility, display_ts, updated_ts, property_flags)",
} as const;

export const memoPropertyFlagsMigration: Migration = {
  name: "048-memo-property-flags",
  statements: () => [
    "ALTER TABLE memo ADD COLUMN property_flags INTEGER",
    "ALTER TABLE memo_trash ADD COLUMN property_flags INTEGER",
    "DROP INDEX IF EXISTS idx_memo_creator_status_created",
  ],
  async after(db, engine) {
    await backfill(db, engine, "memo", "id");
    await backfill(db, engine, "memo_trash", "memo_id");
    await sql.raw(STATS_INDEX[engine]).execute(db);
  },
};

/** Every row of the table gets the flags of its text, in id order, a budget of characters at a time. */
async function backfill(db: Db, engine: Engine, table: "memo" | "memo_trash", key: "id" | "memo_id"): Promise<void> {
  const length = engine === "postgres" ? sql`char_length(content)` : sql`length(content)`;
  let lastId = 0;
  for (;;) {
    const rows = await sql<{ id: number; n: number | string }>`SELECT ${sql.ref(key)} AS id, ${length} AS n FROM ${sql.table(table)}
      WHERE ${sql.ref(key)} > ${lastId} ORDER BY ${sql.ref(key)} LIMIT ${LENGTHS}`.execute(db);
    if (rows.rows.length === 0) return;
    for (const chunk of byCharacters(rows.rows)) {
      const texts = await sql<{ id: number; content: string }>`SELECT ${sql.ref(key)} AS id, content FROM ${sql.table(table)}
        WHERE ${sql.ref(key)} IN (${sql.join(chunk)})`.execute(db);
      const idsByFlags = new Map<number, number[]>();
      for (const { id, content } of texts.rows) {
        const flags = memoPropertyFlags(content);
        idsByFlags.set(flags, [...(idsByFlags.get(flags) ?? []), id]);
      }
      // At most 16 statements a chunk: one per combination of flags.
      for (const [flags, ids] of idsByFlags)
        await sql`UPDATE ${sql.table(table)} SET property_flags = ${flags} WHERE ${sql.ref(key)} IN (${sql.join(ids)})`.execute(db);
    }
    lastId = Number(rows.rows[rows.rows.length - 1]!.id);
  }
}

/** The ids in chunks whose texts hold at most CHARACTERS together (a longer text alone). */
function byCharacters(rows: ReadonlyArray<{ id: number; n: number | string }>): number[][] {
  const chunks: number[][] = [];
  let chunk: number[] = [];
  let characters = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (chunk.length > 0 && characters + n > CHARACTERS) {
      chunks.push(chunk);
      chunk = [];
      characters = 0;
    }
    chunk.push(Number(row.id));
    characters += n;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
