// The MCP endpoint's per-token buckets (migration 042): `perMinute` requests, refilled evenly. One statement takes a
// request, so two server processes taking at once for one token are serialized by its row.
import { sql } from "kysely";
import type { Db, Engine } from "../db.js";

export interface McpTake {
  allowed: boolean;
  /** What is left in the bucket after this request. */
  tokens: number;
}

/** Takes one request from the token's bucket at `nowMs`: allowed when a whole one was left. */
export async function takeMcpRequest(db: Db, engine: Engine, tokenId: number, perMinute: number, nowMs: number): Promise<McpTake> {
  const [least, greatest] = engine === "postgres" ? [sql`LEAST`, sql`GREATEST`] : [sql`MIN`, sql`MAX`];
  const now = sql`CAST(${nowMs} AS BIGINT)`;
  const perMs = sql`CAST(${perMinute / 60_000} AS DOUBLE PRECISION)`;
  const cap = sql`CAST(${perMinute} AS DOUBLE PRECISION)`;
  // A clock behind the row's (another process's) adds nothing, and never moves the row back.
  const refilled = sql`${least}(${cap}, mcp_rate.tokens + ${greatest}(0, ${now} - mcp_rate.at_ms) * ${perMs})`;
  const result = await sql<{ tokens: number; allowed: number }>`
    INSERT INTO mcp_rate (token_id, tokens, at_ms, allowed) VALUES (${tokenId}, ${cap} - 1, ${now}, 1)
    ON CONFLICT (token_id) DO UPDATE SET
      tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
      allowed = CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END,
      at_ms = ${greatest}(mcp_rate.at_ms, ${now})
    RETURNING tokens, allowed`.execute(db);
  const row = result.rows[0]!;
  return { allowed: Number(row.allowed) === 1, tokens: Number(row.tokens) };
}

/** The buckets untouched for a minute (idx_mcp_rate_at): full again, as if they had no row. */
export const idleMcpRatesQuery = (db: Db, nowMs: number) => db.deleteFrom("mcp_rate").where("at_ms", "<", nowMs - 60_000);

export async function pruneMcpRates(db: Db, nowMs: number): Promise<void> {
  await idleMcpRatesQuery(db, nowMs).execute();
}
