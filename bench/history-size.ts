// What memo history costs on disk: a generated instance is measured, then given three edits' worth of versions per
// memo (each version a copy of the memo's text, as reviseMemo keeps it: the text it replaced, its visibility, two
// times, the source) and measured again. Each engine and size on a line. Prints figures; asserts nothing.
//   npm run -w bench history-size -- --driver sqlite,postgres --sizes 100000,1000000
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { openStore } from "../server/src/store/open.js";
import { dataSet } from "./data-sets.js";
import { generate } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    sizes: { type: "string", default: "100000" },
    users: { type: "string", default: "20" },
    edits: { type: "string", default: "3" },
  },
});

/** The database's size in bytes: SQLite's used pages (free ones left out), PostgreSQL's pg_database_size. */
async function databaseBytes(store: DatabaseHandle): Promise<number> {
  if (store.engine === "postgres") {
    await sql`VACUUM`.execute(store.db);
    const row = await sql<{ n: string }>`SELECT pg_database_size(current_database()) AS n`.execute(store.db);
    return Number(row.rows[0]!.n);
  }
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
  const pages = await sql<{
    n: number;
  }>`SELECT (SELECT page_count FROM pragma_page_count()) - (SELECT freelist_count FROM pragma_freelist_count()) AS n`.execute(store.db);
  const size = await sql<{ page_size: number }>`PRAGMA page_size`.execute(store.db);
  return Number(pages.rows[0]!.n) * Number(size.rows[0]!.page_size);
}

/** `edits` versions of every memo, written as the history keeps them, a range of ids per statement. */
async function addVersions(store: DatabaseHandle, edits: number): Promise<number> {
  const bounds = await store.db
    .selectFrom("memo")
    .select((eb) => [eb.fn.min("id").as("lo"), eb.fn.max("id").as("hi")])
    .executeTakeFirstOrThrow();
  const [lo, hi] = [Number(bounds.lo), Number(bounds.hi)];
  let written = 0;
  for (let edit = 1; edit <= edits; edit++) {
    for (let start = lo; start <= hi; start += 50_000) {
      const result =
        await sql`INSERT INTO memo_revision (memo_id, creator_id, content, visibility, created_ts, replaced_ts, source, token_id)
        SELECT id, creator_id, content, visibility, updated_ts + ${edit * 60}, updated_ts + ${(edit + 1) * 60}, 'web', NULL
        FROM memo WHERE id >= ${start} AND id < ${start + 50_000}`.execute(store.db);
      written += Number(result.numAffectedRows ?? 0);
    }
  }
  return written;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

for (const driver of args.driver!.split(",") as Array<"sqlite" | "postgres">) {
  for (const size of args.sizes!.split(",").map(Number)) {
    const place = await dataSet(driver, size, args.users!, undefined);
    const { store } = await openStore({ driver, dsn: place.dsn, sqliteReaders: 0 });
    try {
      await generate(store, Number(args.users), size);
      const before = await databaseBytes(store);
      const started = performance.now();
      const versions = await addVersions(store, Number(args.edits));
      const seconds = (performance.now() - started) / 1000;
      const after = await databaseBytes(store);
      console.log(
        `${driver}, ${size} memos: ${mb(before)} → ${mb(after)} with ${versions} versions (+${mb(after - before)}, ×${(after / before).toFixed(2)}; ${Math.round((after - before) / versions)} bytes a version; written in ${seconds.toFixed(1)} s)`,
      );
    } finally {
      await store.close();
      await place.cleanUp();
    }
  }
}
