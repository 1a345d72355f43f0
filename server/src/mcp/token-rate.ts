// Per-token rate limit of the MCP endpoint: a bucket of `perMinute` requests per token, refilled evenly. The buckets
// are in the database (store/sql/mcp-rate.store.ts), so several server processes draw from the same one; those of
// tokens idle for a minute are full again, and dropped now and then.
import type { AppContext } from "../context.js";
import { pruneMcpRates, takeMcpRequest } from "../store/sql/mcp-rate.store.js";

/** Every this many requests a process drops the idle buckets. */
const PRUNE_EVERY = 1000;

export function tokenRate(ctx: AppContext) {
  let taken = 0;
  return {
    /** Takes one request for the token: 0 when allowed, else the seconds until one is. */
    async take(tokenId: number): Promise<number> {
      const perMinute = ctx.config.mcpRequestsPerMinute;
      const at = Date.now();
      if (++taken % PRUNE_EVERY === 0) await pruneMcpRates(ctx.store.db, at);
      const { allowed, tokens } = await takeMcpRequest(ctx.store.db, ctx.store.engine, tokenId, perMinute, at);
      return allowed ? 0 : Math.ceil((1 - tokens) / (perMinute / 60_000) / 1000);
    },
  };
}
