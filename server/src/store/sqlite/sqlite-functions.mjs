// SQL functions every SQLite connection of ours registers, on the main thread and in the reader workers alike.
// Plain JavaScript: the reader workers load it without a TypeScript step.
import { createRequire } from "node:module";

/** re2js is loaded by the first `^regex` search on a connection: a reader thread that never runs one never holds it. */
let re2js = null;
const loadRe2 = () => (re2js ??= createRequire(import.meta.url)("re2js").RE2JS);

/**
 * Lower-case letters that share an upper case with another one (ς and σ, ſ and s, µ and μ, the Greek symbol forms,
 * the old Cyrillic forms, ẛ, ι): folded to the ordinary letter, as RE2's case-insensitive matching and PostgreSQL's
 * ILIKE (through the upper case) treat them. ı stays apart (RE2 does not fold it to i).
 */
const TWINS = new Map([
  ["\u00b5", "\u03bc"],
  ["\u017f", "s"],
  ["\u0345", "\u03b9"],
  ["\u03c2", "\u03c3"],
  ["\u03d0", "\u03b2"],
  ["\u03d1", "\u03b8"],
  ["\u03d5", "\u03c6"],
  ["\u03d6", "\u03c0"],
  ["\u03f0", "\u03ba"],
  ["\u03f1", "\u03c1"],
  ["\u03f5", "\u03b5"],
  ["\u1c80", "\u0432"],
  ["\u1c81", "\u0434"],
  ["\u1c82", "\u043e"],
  ["\u1c83", "\u0441"],
  ["\u1c84", "\u0442"],
  ["\u1c85", "\u0442"],
  ["\u1c86", "\u044a"],
  ["\u1c87", "\u0463"],
  ["\u1c88", "\ua64b"],
  ["\u1e9b", "\u1e61"],
  ["\u1fbe", "\u03b9"],
]);
const TWIN_PATTERN = new RegExp(`[${[...TWINS.keys()].join("")}]`, "g");

/**
 * A text with its case folded, for comparing texts without case: JavaScript's lower case (which also lowers the
 * Kelvin sign K to k, and İ to i + U+0307), with the lower-case twins above made one. Native string operations:
 * linear in the text, about 4 ms a MiB.
 * @param {string} text
 */
export const foldCase = (text) => text.toLowerCase().replace(TWIN_PATTERN, (twin) => TWINS.get(twin));

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
  // `folded_contains(content, text)`: the content holds the text, case folded (foldCase). For a plain text search
  // with case outside ASCII: V8's substring search reads a memo in linear time, where RE2 with a quoted literal
  // ran its NFA over every character (75 ms for 1 MiB; seconds for a long text).
  let needle = "";
  let folded = "";
  sqlite.function("folded_contains", { deterministic: true }, (value, text) => {
    if (typeof value !== "string" || typeof text !== "string") return 0;
    if (text !== needle) {
      needle = text;
      folded = foldCase(text);
    }
    return foldCase(value).includes(folded) ? 1 : 0;
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
