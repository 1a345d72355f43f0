// What keeps the sidebar and the lists flat at a million memos:
// - memo_count: memos per (creator, row status, visibility), so /api/memo/amount sums a few rows;
// - memo_tag_count: NORMAL memos per (creator, tag), so tag suggestions read the creator's tags, not their memos;
// - idx_memo_creator_display: a creator's list without a row-status filter, read in display order.
// Triggers keep both counters in the writing transaction, whatever writes (the API, the vacuum, a user's
// removal, a bulk load): row triggers on SQLite, statement triggers over transition tables on PostgreSQL.
import type { Engine } from "../db.js";
import type { Migration } from "./types.js";

const TABLES = [
  `CREATE TABLE memo_count (
    creator_id INTEGER NOT NULL,
    row_status TEXT NOT NULL,
    visibility TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (creator_id, row_status, visibility))`,
  `CREATE TABLE memo_tag_count (
    creator_id INTEGER NOT NULL,
    tag TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (creator_id, tag))`,
  `CREATE INDEX idx_memo_creator_display ON memo (creator_id, display_ts, id)`,
  `INSERT INTO memo_count (creator_id, row_status, visibility, n)
    SELECT creator_id, row_status, visibility, COUNT(*) FROM memo GROUP BY creator_id, row_status, visibility`,
  `INSERT INTO memo_tag_count (creator_id, tag, n)
    SELECT m.creator_id, t.tag, COUNT(*) FROM memo_tag t JOIN memo m ON m.id = t.memo_id
    WHERE m.row_status = 'NORMAL' GROUP BY m.creator_id, t.tag`,
];

const COUNT_UPSERT = `ON CONFLICT (creator_id, row_status, visibility) DO UPDATE SET n = memo_count.n + excluded.n`;
const TAG_UPSERT = `ON CONFLICT (creator_id, tag) DO UPDATE SET n = memo_tag_count.n + excluded.n`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER memo_count_insert AFTER INSERT ON memo BEGIN
    INSERT INTO memo_count (creator_id, row_status, visibility, n) VALUES (new.creator_id, new.row_status, new.visibility, 1)
      ${COUNT_UPSERT};
  END`,
  // The tags of a removed memo still in memo_tag are uncounted here; the ones removed first were uncounted
  // by memo_tag_count_delete while the memo existed. Either order of deletion leaves the counts right.
  `CREATE TRIGGER memo_count_delete AFTER DELETE ON memo BEGIN
    UPDATE memo_count SET n = n - 1
      WHERE creator_id = old.creator_id AND row_status = old.row_status AND visibility = old.visibility;
    UPDATE memo_tag_count SET n = n - 1
      WHERE old.row_status = 'NORMAL' AND creator_id = old.creator_id AND tag IN (SELECT tag FROM memo_tag WHERE memo_id = old.id);
  END`,
  `CREATE TRIGGER memo_count_update AFTER UPDATE OF creator_id, row_status, visibility ON memo
    WHEN old.creator_id <> new.creator_id OR old.row_status <> new.row_status OR old.visibility <> new.visibility BEGIN
    UPDATE memo_count SET n = n - 1
      WHERE creator_id = old.creator_id AND row_status = old.row_status AND visibility = old.visibility;
    INSERT INTO memo_count (creator_id, row_status, visibility, n) VALUES (new.creator_id, new.row_status, new.visibility, 1)
      ${COUNT_UPSERT};
    UPDATE memo_tag_count SET n = n - 1
      WHERE old.row_status = 'NORMAL' AND creator_id = old.creator_id AND tag IN (SELECT tag FROM memo_tag WHERE memo_id = old.id);
    INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT new.creator_id, tag, 1 FROM memo_tag WHERE memo_id = new.id AND new.row_status = 'NORMAL'
      ${TAG_UPSERT};
  END`,
  `CREATE TRIGGER memo_tag_count_insert AFTER INSERT ON memo_tag BEGIN
    INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT m.creator_id, new.tag, 1 FROM memo m WHERE m.id = new.memo_id AND m.row_status = 'NORMAL'
      ${TAG_UPSERT};
  END`,
  `CREATE TRIGGER memo_tag_count_delete AFTER DELETE ON memo_tag BEGIN
    UPDATE memo_tag_count SET n = n - 1
      WHERE tag = old.tag AND creator_id = (SELECT m.creator_id FROM memo m WHERE m.id = old.memo_id AND m.row_status = 'NORMAL');
  END`,
];

/** A PL/pgSQL trigger function and its statement trigger. */
function pgTrigger(name: string, event: string, transition: string, body: string): string[] {
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      ${body}
      RETURN NULL;
    END $fn$`,
    `CREATE TRIGGER ${name} AFTER ${event} REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ];
}

const PG_TRIGGERS = [
  ...pgTrigger(
    "memo_count_insert",
    "INSERT ON memo",
    "NEW TABLE AS new_rows",
    `INSERT INTO memo_count (creator_id, row_status, visibility, n)
      SELECT creator_id, row_status, visibility, COUNT(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ${COUNT_UPSERT};`,
  ),
  ...pgTrigger(
    "memo_count_delete",
    "DELETE ON memo",
    "OLD TABLE AS old_rows",
    `UPDATE memo_count c SET n = c.n - d.k
      FROM (SELECT creator_id, row_status, visibility, COUNT(*) AS k FROM old_rows GROUP BY 1, 2, 3) d
      WHERE c.creator_id = d.creator_id AND c.row_status = d.row_status AND c.visibility = d.visibility;
    UPDATE memo_tag_count c SET n = c.n - d.k
      FROM (SELECT o.creator_id, t.tag, COUNT(*) AS k FROM old_rows o JOIN memo_tag t ON t.memo_id = o.id
            WHERE o.row_status = 'NORMAL' GROUP BY 1, 2) d
      WHERE c.creator_id = d.creator_id AND c.tag = d.tag;`,
  ),
  // Transition tables rule out a column list, so this runs for every update; only changed groups are written.
  ...pgTrigger(
    "memo_count_update",
    "UPDATE ON memo",
    "OLD TABLE AS old_rows NEW TABLE AS new_rows",
    `INSERT INTO memo_count (creator_id, row_status, visibility, n)
      SELECT creator_id, row_status, visibility, SUM(k) FROM (
        SELECT creator_id, row_status, visibility, -1 AS k FROM old_rows
        UNION ALL SELECT creator_id, row_status, visibility, 1 AS k FROM new_rows) x
      GROUP BY 1, 2, 3 HAVING SUM(k) <> 0 ORDER BY 1, 2, 3
      ${COUNT_UPSERT};
    INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT x.creator_id, t.tag, SUM(x.k) FROM (
        SELECT id, creator_id, -1 AS k FROM old_rows WHERE row_status = 'NORMAL'
        UNION ALL SELECT id, creator_id, 1 AS k FROM new_rows WHERE row_status = 'NORMAL') x
      JOIN memo_tag t ON t.memo_id = x.id
      GROUP BY 1, 2 HAVING SUM(x.k) <> 0 ORDER BY 1, 2
      ${TAG_UPSERT};`,
  ),
  ...pgTrigger(
    "memo_tag_count_insert",
    "INSERT ON memo_tag",
    "NEW TABLE AS new_rows",
    `INSERT INTO memo_tag_count (creator_id, tag, n)
      SELECT m.creator_id, t.tag, COUNT(*) FROM new_rows t JOIN memo m ON m.id = t.memo_id
      WHERE m.row_status = 'NORMAL' GROUP BY 1, 2 ORDER BY 1, 2
      ${TAG_UPSERT};`,
  ),
  ...pgTrigger(
    "memo_tag_count_delete",
    "DELETE ON memo_tag",
    "OLD TABLE AS old_rows",
    `UPDATE memo_tag_count c SET n = c.n - d.k
      FROM (SELECT m.creator_id, t.tag, COUNT(*) AS k FROM old_rows t JOIN memo m ON m.id = t.memo_id
            WHERE m.row_status = 'NORMAL' GROUP BY 1, 2) d
      WHERE c.creator_id = d.creator_id AND c.tag = d.tag;`,
  ),
];

export const listCounters: Migration = {
  name: "009-list-counters",
  statements: (engine: Engine) => [...TABLES, ...(engine === "sqlite" ? SQLITE_TRIGGERS : PG_TRIGGERS)],
};
