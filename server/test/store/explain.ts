// A statement's query plan as text, on either engine (SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN
// lines): what the plan tests assert on.
import { CompiledQuery } from "kysely";
import type { Db, Engine } from "../../src/store/db.js";

export async function explainPlan(store: { db: Db; engine: Engine }, query: CompiledQuery): Promise<string> {
  const prefix = store.engine === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
  const result = await store.db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return result.rows
    .map((row) => String((row as Record<string, unknown>).detail ?? (row as Record<string, unknown>)["QUERY PLAN"]))
    .join("\n");
}
