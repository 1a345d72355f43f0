// The MCP endpoint's per-token request buckets, in the database so that every server process draws from the same
// bucket (in each process's memory before, several processes each allowed the whole rate). One row per token in use:
// what is left of its bucket at `at_ms`, and whether its last request was allowed.
import type { Migration } from "./types.js";

export const mcpRate: Migration = {
  name: "042-mcp-rate",
  statements: () => [
    `CREATE TABLE mcp_rate (
      token_id INTEGER PRIMARY KEY,
      tokens DOUBLE PRECISION NOT NULL,
      at_ms BIGINT NOT NULL,
      allowed INTEGER NOT NULL)`,
    "CREATE INDEX idx_mcp_rate_at ON mcp_rate (at_ms)",
  ],
};
