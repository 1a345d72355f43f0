// What a memo's text holds that a v1 client can see and filter by (`property.hasLink`, `has_link` in a filter): one
// declaration read three ways, by JavaScript (the v1 presenter), by RE2 (SQLite's REGEXP) and by PostgreSQL's regular
// expressions, so a filter finds exactly the memos whose answer says so.

export const MEMO_PROPERTIES = ["hasLink", "hasTaskList", "hasCode", "hasIncompleteTasks"] as const;
export type MemoProperty = (typeof MEMO_PROPERTIES)[number];

export interface MemoPropertyPattern {
  /**
   * Written in the syntax the three engines read alike: explicit character classes (no `\b`, `\s` or `\w`, whose
   * sets differ among them), ASCII only, matched with case.
   */
  pattern: string;
  /** `^` matches at the start of every line (JavaScript's `m`, RE2's `(?m)`, PostgreSQL's `(?n)`). */
  multiline: boolean;
  /** A text every matching memo holds: a cheap LIKE the database checks before the pattern. */
  holds: string;
}

/** Blanks that end a link or indent a list item: ASCII only, which every engine's class escapes read the same. */
const BLANK = "\\t\\n\\v\\f\\r ";

export const MEMO_PROPERTY_PATTERNS: Record<MemoProperty, MemoPropertyPattern> = {
  /** An http(s) URL that starts a word: `see https://x`, not `xhttps://x`. */
  hasLink: { pattern: `(^|[^0-9A-Za-z_])https?://[^${BLANK}]`, multiline: false, holds: "://" },
  /** A list item that is a task, done or not: `- [ ] call`, `* [x] done`. */
  hasTaskList: { pattern: "^[ \\t]*[-*+] \\[[ xX]\\]", multiline: true, holds: "[" },
  /** A fenced block or an inline span of code. */
  hasCode: { pattern: "```|`[^`\\n]+`", multiline: false, holds: "`" },
  /** A task not done yet: `- [ ] call`. */
  hasIncompleteTasks: { pattern: "^[ \\t]*[-*+] \\[ \\]", multiline: true, holds: "[ ]" },
};

const MATCHERS = Object.fromEntries(
  MEMO_PROPERTIES.map((property) => {
    const { pattern, multiline } = MEMO_PROPERTY_PATTERNS[property];
    return [property, new RegExp(pattern, multiline ? "m" : "")];
  }),
) as Record<MemoProperty, RegExp>;

/**
 * Which of the properties the text has.
 * @example memoPropertiesOf("- [ ] call https://x").hasIncompleteTasks // true
 */
export function memoPropertiesOf(content: string): Record<MemoProperty, boolean> {
  return {
    hasLink: MATCHERS.hasLink.test(content),
    hasTaskList: MATCHERS.hasTaskList.test(content),
    hasCode: MATCHERS.hasCode.test(content),
    hasIncompleteTasks: MATCHERS.hasIncompleteTasks.test(content),
  };
}
