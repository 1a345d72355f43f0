// How long opening a memos 0.30 database in place takes, and the memory it needs: a memos database is written from
// our own description of its tables (server/test/memos-fixture), grown to `--memos` memos (one in ten a comment, one
// in seven with a reaction), then opened as the server opens it. Each engine on a line. Prints figures; asserts nothing.
//   npm run -w bench memos-import -- --driver sqlite,postgres --memos 200000
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openSqlite } from "../server/src/store/db.js";
import { openStore } from "../server/src/store/open.js";
import { withPgClient } from "../server/test/harness.js";
import { buildMemosDatabase, buildMemosPostgres } from "../server/test/memos-fixture/build.js";
import { createPgDatabase } from "../server/test/pg-database.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    memos: { type: "string", default: "200000" },
  },
});

/** The bulk of the database, in SQL both engines take (PostgreSQL's JSONB cast by `json`): memos, every tenth a comment on the one before, reactions. */
function bulk(series: string, json: (text: string) => string): string[] {
  return [
    `INSERT INTO memo (uid, creator_id, created_ts, updated_ts, content, visibility, payload)
       SELECT 'bulk-' || i, 1 + i % 3, 1700000000 + i, 1700000000 + i, 'memo ' || i || ' with some words #tag' || (i % 50), 'PRIVATE',
              ${json(`'{"tags":["tag' || (i % 50) || '"]}'`)} FROM ${series}`,
    `INSERT INTO memo_relation (memo_id, related_memo_id, type)
       SELECT id, id - 1, 'COMMENT' FROM memo WHERE uid LIKE 'bulk-%' AND id % 10 = 9`,
    `INSERT INTO reaction (creator_id, content_id, reaction_type)
       SELECT 1 + id % 3, 'memos/' || uid, '👍' FROM memo WHERE uid LIKE 'bulk-%' AND id % 7 = 0`,
  ];
}

const memos = Number(args.memos);
for (const driver of args.driver.split(",")) {
  const dir = mkdtempSync(join(tmpdir(), "memos-import-bench-"));
  const database = driver === "postgres" ? await createPgDatabase("memos_import_bench") : null;
  try {
    if (database) {
      await buildMemosPostgres(database.dsn, dir, 30);
      await withPgClient(database.dsn, async (client) => {
        for (const statement of bulk(`generate_series(1, ${memos}) AS s(i)`, (text) => `(${text})::jsonb`)) await client.query(statement);
      });
    } else {
      const file = join(dir, "memos_prod.db");
      await buildMemosDatabase(file, 30);
      // Our handle only runs the SQL here: nothing of ours is made in the file until openStore below.
      const handle = openSqlite(file, { readers: 0, searchBudgetMs: 5000 });
      const series = `(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${memos}) SELECT i FROM n)`;
      await handle.db.transaction().execute(async (tx) => {
        for (const statement of bulk(series, (text) => text)) await sql.raw(statement).execute(tx);
      });
      await handle.close();
    }
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const { store, converted } = await openStore(
      database ? { driver: "postgres", dsn: database.dsn } : { driver: "sqlite", dsn: join(dir, "memos_prod.db"), sqliteReaders: 0 },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    await store.close();
    const peak = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `${driver}: ${memos} memos → ${converted?.counts.memos} memos, ${converted?.counts.comments} comments, ${converted?.counts.reactions} reactions in ${seconds} s; ` +
        `resident ${Math.round(rssBefore / 2 ** 20)} MB before, peak ${peak} MB`,
    );
  } finally {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
