import { Kysely, PostgresDialect, sql, CompiledQuery } from "kysely";
import pg from "pg";
import { searchSql } from "../../server/src/store/memo-search.js";
const [db_, text, scope] = process.argv.slice(2);
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1/${db_}` }) }) });
const filter: any = scope === "home" ? { creatorId: 2, rowStatus: "NORMAL", text } : { rowStatus: "NORMAL", visibilities: ["PUBLIC"], text };
const steps = searchSql(db as any, "postgres", filter, { pinnedFirst: false, limit: 30, offset: 0 });
for (const [name, q] of Object.entries(steps)) {
  const c = q as CompiledQuery;
  for (let i = 0; i < 3; i++) await db.executeQuery(CompiledQuery.raw(c.sql, c.parameters as any[]));
  const t = performance.now();
  for (let i = 0; i < 10; i++) await db.executeQuery(CompiledQuery.raw(c.sql, c.parameters as any[]));
  const ms = (performance.now() - t) / 10;
  const plan = await db.executeQuery(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.parameters as any[]));
  console.log(`--- ${name}: ${ms.toFixed(2)} ms`);
  if (process.env.PLAN) console.log((plan.rows as any[]).map((r) => r["QUERY PLAN"]).join("\n"));
}
await db.destroy();
