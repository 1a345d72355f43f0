// SQL functions every SQLite connection of ours registers, on the main thread and in the reader workers alike.
// Plain JavaScript: the reader workers load it without a TypeScript step.
import { createRequire } from "node:module";

/** re2js is loaded by the first `^regex` search on a connection: a reader thread that never runs one never holds it. */
let re2js = null;
const loadRe2 = () => (re2js ??= createRequire(import.meta.url)("re2js").RE2JS);

/**
 * `content REGEXP ?` for the text filter's `^` form. RE2 (re2js) matches in linear time, so a hostile pattern
 * such as `(a+)+$` cannot stall a connection. Compiled patterns are cached.
 * @param {import("better-sqlite3").Database} sqlite
 */
export function registerSqlFunctions(sqlite) {
  /** @type {Map<string, import("re2js").RE2JS>} */
  const cache = new Map();
  sqlite.function("regexp", { deterministic: true }, (pattern, value) => {
    if (typeof pattern !== "string" || typeof value !== "string") return 0;
    let regex = cache.get(pattern);
    if (!regex) {
      const RE2JS = loadRe2();
      regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
      if (cache.size > 200) cache.clear();
      cache.set(pattern, regex);
    }
    return regex.matcher(value).find() ? 1 : 0;
  });
}

/**
 * Prepared statements by SQL text, so a query run again skips SQLite's parse and plan. Bounded: the oldest
 * statement goes when a new one would pass `limit`.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {number} [limit]
 */
export function statementCache(sqlite, limit = 500) {
  /** @type {Map<string, import("better-sqlite3").Statement>} */
  const statements = new Map();
  return (/** @type {string} */ sql) => {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = sqlite.prepare(sql);
      if (statements.size >= limit) statements.delete(statements.keys().next().value);
    }
    statements.set(sql, statement);
    return statement;
  };
}
