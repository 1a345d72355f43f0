import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { searchWalk } from "../../server/src/store/memo-search.js";
const [db_, text] = process.argv.slice(2);
const log: string[] = [];
const db = new Kysely<any>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1/${db_}` }) }),
  log: (e) => { if (e.level === "query") log.push(`${e.queryDurationMillis.toFixed(2)} ms  ${e.query.sql.replace(/\s+/g, " ").slice(0, 150)}`); },
});
const filter: any = { rowStatus: "NORMAL", visibilities: ["PUBLIC"], text };
for (let i = 0; i < 5; i++) await searchWalk(db as any, "postgres", filter, undefined, 30, 0);
log.length = 0;
const t = performance.now();
const rows = await searchWalk(db as any, "postgres", filter, undefined, 30, 0);
console.log(`total ${(performance.now() - t).toFixed(2)} ms, ${rows.length} rows`);
console.log(log.join("\n"));
await db.destroy();
