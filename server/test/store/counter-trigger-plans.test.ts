// PostgreSQL's triggers on memo and memo_tag (migrations 009, 016, 017 and 040) keep their work in proportion to
// the rows a statement writes, whatever plans the connection made before: a small instance's statistics, a first
// save, then 2,000 memos and their tag entries written, re-dated, archived and untagged in the same transaction, as
// an import or a tag rename writes them.
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type DatabaseHandle, openPostgres } from "../../src/store/db.js";
import { migrate } from "../../src/store/migrate.js";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { PG_ADMIN_DSN, TEST_DRIVER, withPgClient } from "../harness.js";

const MEMOS = 2_000;

/** Rows and index entries of memo and memo_tag the transaction has read so far (pg_stat_xact_*). */
async function rowsRead(tx: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT (SELECT sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)) FROM pg_stat_xact_user_tables
             WHERE relname IN ('memo', 'memo_tag'))
         + (SELECT sum(pg_stat_get_xact_tuples_returned(indexrelid)) FROM pg_index
             WHERE indrelid IN ('memo'::regclass, 'memo_tag'::regclass)) AS n`.execute(tx);
  return Number(rows[0]?.n ?? 0);
}

describe.runIf(TEST_DRIVER === "postgres")("memo and tag triggers on PostgreSQL", () => {
  const name = `memos_test_trigger_plans_${process.pid}`;
  let handle: DatabaseHandle;

  const admin = (statement: string) => withPgClient(PG_ADMIN_DSN, (client) => client.query(statement));

  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_DSN);
    url.pathname = `/${name}`;
    handle = openPostgres(url.toString());
    await migrate(handle, MIGRATIONS);
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("read a few rows per row written, after plans made on a small instance", async () => {
    await handle.db.transaction().execute(async (tx) => {
      const run = (text: string) => tx.executeQuery(CompiledQuery.raw(text));
      await run(`INSERT INTO memo (creator_id, content, created_ts, updated_ts, display_ts, row_status, visibility)
        SELECT 1 + n % 3, 'x', n, n, n, CASE WHEN n % 4 = 0 THEN 'ARCHIVED' ELSE 'NORMAL' END,
          CASE WHEN n % 2 = 0 THEN 'PUBLIC' ELSE 'PRIVATE' END FROM generate_series(1, 30) n`);
      // The statistics of a small instance (autovacuum's ANALYZE), then saves planned with them.
      await run("ANALYZE memo, memo_tag");
      for (const id of [1, 2, 3, 5, 6, 7]) {
        await run(`INSERT INTO memo_tag (memo_id, tag) VALUES (${id}, 'a'), (${id}, 'b')`);
        await run(`UPDATE memo SET display_ts = display_ts + 1 WHERE id = ${id}`);
      }
      await run(`INSERT INTO memo (creator_id, content, created_ts, updated_ts, display_ts)
        SELECT 1, '#bulk #bulk/child', n, n, n FROM generate_series(100, ${MEMOS + 99}) n`);

      const before = await rowsRead(tx);
      await run("INSERT INTO memo_tag (memo_id, tag) SELECT id, t FROM memo, unnest(ARRAY['bulk', 'bulk/child']) t WHERE id > 30");
      await run("UPDATE memo SET display_ts = display_ts + 1 WHERE id > 30");
      await run("UPDATE memo SET row_status = 'ARCHIVED' WHERE id > 30");
      await run("DELETE FROM memo_tag WHERE memo_id > 30");
      const read = (await rowsRead(tx)) - before;
      // 4,000 tag entries written and removed, 2,000 memos re-dated and archived: a handful of rows read for each,
      // not a scan of the memos or of the tag entries for each (millions).
      expect(read).toBeLessThan(50 * MEMOS);

      const counts = await run("SELECT tag, sum(n)::int AS n FROM memo_tag_count GROUP BY tag ORDER BY tag");
      expect(counts.rows).toEqual([
        { tag: "a", n: 6 },
        { tag: "b", n: 6 },
        { tag: "bulk", n: 0 },
        { tag: "bulk/child", n: 0 },
      ]);
      const entries = await run(
        "SELECT count(*)::int AS n FROM memo_tag t JOIN memo m ON m.id = t.memo_id WHERE t.display_ts = m.display_ts",
      );
      expect(entries.rows).toEqual([{ n: 12 }]);
    });
  });
});
