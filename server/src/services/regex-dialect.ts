// The `^regex` text filter runs as RE2 on SQLite (store/db.ts) and as PostgreSQL's own regular expressions
// (`~*`) there. A pattern must mean a 400 or a 200 on both engines alike, so the RE2 syntax PostgreSQL refuses
// is refused up front, on both: Unicode classes (\p{L}), \Q…\E quoting, \z, \x{…}, named groups, flags other
// than a leading (?i), (?m), (?s), flag groups (?i:…), repetition counts above 255, an unclosed {n, a
// repeated anchor (^*, $+), and a class escape as a range end or anything but a plain [:class:] inside brackets ([\d-z], [[:^alpha:]], [[.a.]]).

/** The [:classes:] both engines know. */
const POSIX_CLASSES = new Set([
  "alnum",
  "alpha",
  "blank",
  "cntrl",
  "digit",
  "graph",
  "lower",
  "print",
  "punct",
  "space",
  "upper",
  "xdigit",
  "word",
  "ascii",
]);

/** PostgreSQL's largest repetition count (RE_DUP_MAX). */
const MAX_REPEAT = 255;

/** Why PostgreSQL would refuse this RE2 pattern, or null when both engines read it. */
export function postgresRegexProblem(pattern: string): string | null {
  let inClass = false;
  let classStart = 0;
  /** Whether the last token was an anchor (^, $, \A): PostgreSQL cannot repeat one. */
  let afterAnchor = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (!inClass && afterAnchor && (char === "*" || char === "+" || char === "?" || (char === "{" && /\d/.test(pattern[i + 1] ?? "")))) {
      return "an anchor cannot be repeated";
    }
    afterAnchor = false;
    if (char === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && next === "A") afterAnchor = true;
      if ("pPQEz".includes(next) && next !== "") return `\\${next} is not supported`;
      if (next === "x" && pattern[i + 2] === "{") return "\\x{…} is not supported";
      if (inClass && "dDwWsS".includes(next) && next !== "") {
        const before = pattern[i - 1];
        const after = pattern[i + 2];
        const afterNext = pattern[i + 3];
        if ((before === "-" && i - 1 > classStart) || (after === "-" && afterNext !== undefined && afterNext !== "]")) {
          return "a class escape cannot be a range end";
        }
      }
      i++;
      continue;
    }
    if (inClass) {
      if (char === "[" && (pattern[i + 1] === ":" || pattern[i + 1] === "." || pattern[i + 1] === "=")) {
        const named = /^\[:([a-z]+):\]/.exec(pattern.slice(i));
        if (!named || !POSIX_CLASSES.has(named[1]!))
          return `${pattern.slice(i, i + 2)} inside brackets must be a [:class:] such as [:alpha:]`;
        i += named[0].length - 1;
        continue;
      }
      if (char === "]" && i > classStart) inClass = false;
      continue;
    }
    if (char === "^" || char === "$") {
      afterAnchor = true;
      continue;
    }
    if (char === "[") {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal member.
      classStart = pattern[i + 1] === "^" ? i + 2 : i + 1;
      continue;
    }
    if (char === "(" && pattern[i + 1] === "?") {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith(":")) continue;
      const flags = /^([a-zA-Z]*)(\)|:)?/.exec(rest)!;
      if (flags[2] === ")" && i === 0 && flags[1] !== "" && /^[ims]+$/.test(flags[1]!)) continue;
      if (/^[=!]|^<[=!]/.test(rest)) continue; // lookarounds: RE2 refuses them itself
      return "only a leading (?i), (?m) or (?s) flag group is supported";
    }
    if (char === "{" && /\d/.test(pattern[i + 1] ?? "")) {
      const repeat = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i));
      if (!repeat) return "an unclosed {n} repetition";
      if (Number(repeat[1]) > MAX_REPEAT || (repeat[2] !== undefined && repeat[2] !== "" && Number(repeat[2]) > MAX_REPEAT)) {
        return `repetition counts above ${MAX_REPEAT} are not supported`;
      }
      i += repeat[0].length - 1;
    }
  }
  return null;
}
