// What a memo's text holds that a v1 client can see and filter by (`property.hasLink`, `has_link` in a filter): one
// declaration, read by JavaScript. The v1 presenter reads the text; each memo also keeps the answer as one integer,
// its property flags (server migration 048), which the store writes with the text by memoPropertyFlags, and which
// v1's stats count and its filters check, so a filter finds exactly the memos whose answer says so.

export const MEMO_PROPERTIES = ["hasLink", "hasTaskList", "hasCode", "hasIncompleteTasks"] as const;
export type MemoProperty = (typeof MEMO_PROPERTIES)[number];

interface MemoPropertyPattern {
  /**
   * Written in a syntax most engines read alike (explicit character classes, no `\b`, `\s` or `\w`, whose sets
   * differ among them; ASCII only; matched with case), should a database ever need to check one itself.
   */
  pattern: string;
  /** `^` matches at the start of every line (JavaScript's `m`, RE2's `(?m)`, PostgreSQL's `(?n)`). */
  multiline: boolean;
}

/** Blanks that end a link or indent a list item: ASCII only, which every engine's class escapes read the same. */
const BLANK = "\\t\\n\\v\\f\\r ";

const MEMO_PROPERTY_PATTERNS: Record<MemoProperty, MemoPropertyPattern> = {
  /** An http(s) URL that starts a word: `see https://x`, not `xhttps://x`. */
  hasLink: { pattern: `(^|[^0-9A-Za-z_])https?://[^${BLANK}]`, multiline: false },
  /** A list item that is a task, done or not: `- [ ] call`, `* [x] done`. */
  hasTaskList: { pattern: "^[ \\t]*[-*+] \\[[ xX]\\]", multiline: true },
  /** A fenced block or an inline span of code. */
  hasCode: { pattern: "```|`[^`\\n]+`", multiline: false },
  /** A task not done yet: `- [ ] call`. */
  hasIncompleteTasks: { pattern: "^[ \\t]*[-*+] \\[ \\]", multiline: true },
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

/**
 * Each property's bit in a memo's stored flags (`memo.property_flags`): its place in MEMO_PROPERTIES.
 * @example MEMO_PROPERTY_BITS.hasCode // 4
 */
export const MEMO_PROPERTY_BITS = Object.fromEntries(MEMO_PROPERTIES.map((property, index) => [property, 1 << index])) as Record<
  MemoProperty,
  number
>;

/**
 * The properties the text has, as the flags a memo stores (memoPropertiesOf, one bit each).
 * @example memoPropertyFlags("- [ ] call https://x") // 11: hasLink | hasTaskList | hasIncompleteTasks
 */
export function memoPropertyFlags(content: string): number {
  const properties = memoPropertiesOf(content);
  return MEMO_PROPERTIES.reduce((flags, property) => (properties[property] ? flags | MEMO_PROPERTY_BITS[property] : flags), 0);
}
