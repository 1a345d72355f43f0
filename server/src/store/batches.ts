// Statements whose size the caller decides (a memo's tags, an import's rows, a webhook fan-out) go in batches:
// SQLite binds at most 32,766 values in one statement and PostgreSQL 65,535; past that, a 500.

/** Rows or ids per statement: at 8 values a row, 4,000 values, far under both engines' limits. */
const BATCH_ROWS = 500;

/** `values` cut into batches of at most `size`, in order. */
export function batches<T>(values: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
