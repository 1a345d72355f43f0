// PostgreSQL keeps every index and counter of a table up to date row by row (and statement by statement) as a
// conversion inserts: for memos' 200k memos that was two GIN indexes over the content (trigrams, and the characters
// one with fastupdate off) and a dozen B-trees, entry by entry, and the counters' statement triggers, whose join of
// each batch's new tags to `memo` grew with the table: most of a conversion's time. Inside the conversion's
// transaction the bulk tables' secondary indexes are dropped before the copy and made again after it from their own
// definitions (pg_get_indexdef), one sorted build each, and the counters' insert triggers are off during the copy and
// the counts made after it in one statement each (the same statements migration 009 filled them with). The result is
// what the row-by-row copy made: the same indexes and the same counts. Nothing else sees the tables meanwhile (the
// transaction is the only one that can), and a failure or a kill rolls all of it back with the rest. Unique indexes
// and primary keys stay, so the copy is checked as it goes. SQLite builds its indexes fast enough row by row.
import { sql } from "kysely";
import type { Db } from "../db.js";

/** The tables a conversion fills in bulk. */
const BULK_TABLES = ["memo", "memo_tag", "memo_comment", "memo_reaction", "memo_organizer", "memo_relation", "resource"];

/** The counters' insert triggers (migration 009) and the counts they keep, made whole instead. */
const COUNTER_TRIGGERS = [
  ["memo", "memo_count_insert"],
  ["memo_tag", "memo_tag_count_insert"],
] as const;
const COUNTS = [
  `INSERT INTO memo_count (creator_id, row_status, visibility, n)
    SELECT creator_id, row_status, visibility, COUNT(*) FROM memo GROUP BY creator_id, row_status, visibility`,
  `INSERT INTO memo_tag_count (creator_id, tag, n)
    SELECT m.creator_id, t.tag, COUNT(*) FROM memo_tag t JOIN memo m ON m.id = t.memo_id
    WHERE m.row_status = 'NORMAL' GROUP BY m.creator_id, t.tag`,
];

/** Room for one index build at a time: sorting a 200k-memo GIN build in memory instead of on disk. */
const BUILD_MEMORY = "256MB";

/**
 * Drops the bulk tables' secondary indexes and turns the counters' insert triggers off, while the tables are empty;
 * the function returned makes the counts and the indexes, and turns the triggers on again. Inside the transaction.
 */
export async function setDerivedDataAside(tx: Db): Promise<() => Promise<void>> {
  const counted = await sql<{ n: string }>`SELECT (SELECT COUNT(*) FROM memo_count) + (SELECT COUNT(*) FROM memo_tag_count) AS n`.execute(
    tx,
  );
  if (Number(counted.rows[0]!.n) !== 0) throw new Error("the counters must be empty before a bulk copy");
  const result = await sql<{ name: string; definition: string }>`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname IN (${sql.join(BULK_TABLES)}) AND NOT x.indisunique AND NOT x.indisprimary
    ORDER BY i.relname`.execute(tx);
  const indexes = result.rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(tx);
  for (const [table, trigger] of COUNTER_TRIGGERS)
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(trigger)}`.execute(tx);
  return async () => {
    for (const statement of COUNTS) await sql.raw(statement).execute(tx);
    for (const [table, trigger] of COUNTER_TRIGGERS)
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(tx);
    // Until the commit only.
    await sql.raw(`SET LOCAL maintenance_work_mem = '${BUILD_MEMORY}'`).execute(tx);
    for (const index of indexes) await sql.raw(index.definition).execute(tx);
  };
}
