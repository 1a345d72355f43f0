// PostgreSQL's counter triggers (009) join their transition table to memo or memo_tag. PL/pgSQL plans a statement
// once per connection and keeps the plan: planned at the connection's first memo save (a transition table of two
// rows, a small memo table), it scanned the memo table once per tag entry when a batch of 500 memos came, and the
// memos of a new instance or of an import in one transaction grew past the plan's sizes: a tag rename took 1.3 s per
// 500 memos instead of 20 ms. The triggers now run their statements through EXECUTE, planned at each run with the
// transition table's row count and the tables' current sizes; the row triggers that look up by key are planned for
// each key. SQLite plans each statement when it runs.
import type { Migration } from "./types.js";

const COUNT_UPSERT = `ON CONFLICT (creator_id, row_status, visibility) DO UPDATE SET n = memo_count.n + excluded.n`;
const TAG_UPSERT = `ON CONFLICT (creator_id, tag) DO UPDATE SET n = memo_tag_count.n + excluded.n`;

/** The trigger function `name` (009's), each of its statements planned when it runs. */
const replanned = (name: string, statements: string[]) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      ${statements.map((statement) => `EXECUTE $sql$${statement}$sql$;`).join("\n      ")}
      RETURN NULL;
    END $fn$`;

const POSTGRES = [
  // The row triggers of 016 and 017 look up by key (a tag entry's memo; a memo's tag entries): the plan kept for
  // every id after a few runs on small tables was a scan for each row. Planned for each run's id, they use the keys.
  "ALTER FUNCTION memo_tag_creator() SET plan_cache_mode = force_custom_plan",
  "ALTER FUNCTION memo_tag_display() SET plan_cache_mode = force_custom_plan",
  replanned("memo_count_delete", [
    `UPDATE memo_count c SET n = c.n - d.k
      FROM (SELECT creator_id, row_status, visibility, COUNT(*) AS k FROM old_rows GROUP BY 1, 2, 3) d
      WHERE c.creator_id = d.creator_id AND c.row_status = d.row_status AND c.visibility = d.visibility`,
    `UPDATE memo_tag_count c SET n = c.n - d.k
      FROM (SELECT o.creator_id, t.tag, COUNT(*) AS k FROM old_rows o JOIN memo_tag t ON t.memo_id = o.id
            WHERE o.row_status = 'NORMAL' GROUP BY 1, 2) d
      WHERE c.creator_id = d.creator_id AND c.tag = d.tag`,
  ]),
  replanned("memo_count_update", [
    `INSERT INTO memo_count (creator_id, row_status, visibility, n)
      SELECT creator_id, row_status, visibility, SUM(k) FROM (
        SELECT creator_id, row_status, visibility, -1 AS k FROM old_rows
        UNION ALL SELECT creator_id, row_status, visibility, 1 AS k FROM new_rows) x
      GROUP BY 1, 2, 3 HAVING SUM(k) <> 0 ORDER BY 1, 2, 3
      ${COUNT_UPSERT}`,
    `INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT x.creator_id, t.tag, SUM(x.k) FROM (
        SELECT id, creator_id, -1 AS k FROM old_rows WHERE row_status = 'NORMAL'
        UNION ALL SELECT id, creator_id, 1 AS k FROM new_rows WHERE row_status = 'NORMAL') x
      JOIN memo_tag t ON t.memo_id = x.id
      GROUP BY 1, 2 HAVING SUM(x.k) <> 0 ORDER BY 1, 2
      ${TAG_UPSERT}`,
  ]),
  replanned("memo_tag_count_insert", [
    `INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT m.creator_id, t.tag, COUNT(*) FROM new_rows t JOIN memo m ON m.id = t.memo_id
      WHERE m.row_status = 'NORMAL' GROUP BY 1, 2 ORDER BY 1, 2
      ${TAG_UPSERT}`,
  ]),
  replanned("memo_tag_count_delete", [
    `UPDATE memo_tag_count c SET n = c.n - d.k
      FROM (SELECT m.creator_id, t.tag, COUNT(*) AS k FROM old_rows t JOIN memo m ON m.id = t.memo_id
            WHERE m.row_status = 'NORMAL' GROUP BY 1, 2) d
      WHERE c.creator_id = d.creator_id AND c.tag = d.tag`,
  ]),
];

export const counterTriggerPlans: Migration = {
  name: "040-counter-trigger-plans",
  statements: (engine) => (engine === "postgres" ? POSTGRES : []),
};
