// The search box's quick filters: `tag:work before:2026-01-01 after:2025-06-01 has:task is:untagged
// visibility:public` beside the words to find. Read here only, for the web (which turns them into the list's query
// parameters) and its suggestions; what is not a known `key:value` stays a word of the search (parseSearch).
import type { Visibility } from "./constants.js";
import type { MemoProperty } from "./memo-properties.js";

/** `has:` values and the memo property each asks for (common's memo-properties.ts). */
export const SEARCH_HAS: Readonly<Record<string, MemoProperty>> = {
  link: "hasLink",
  task: "hasTaskList",
  code: "hasCode",
  todo: "hasIncompleteTasks",
};

/** `is:` values: what a memo is rather than what it holds. */
export const SEARCH_IS = ["untagged"] as const;

/** `visibility:` values, as typed (any case). */
export const SEARCH_VISIBILITY: Readonly<Record<string, Visibility>> = {
  public: "PUBLIC",
  protected: "PROTECTED",
  private: "PRIVATE",
};

/** The keys of the quick filters, each followed by `:` and its value. */
export const SEARCH_KEYS = ["tag", "before", "after", "has", "is", "visibility"] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** A calendar day as typed: `YYYY-MM-DD`. */
export interface SearchDay {
  year: number;
  month: number;
  day: number;
}

export interface SearchExpression {
  /** The rest of the text: words and "quoted phrases" (or a `^regex`), for parseSearch. */
  words: string;
  /** A tag without `#` (the last one given). */
  tag?: string;
  /** Memos of days before this one (the day itself excluded). */
  before?: SearchDay;
  /** Memos of this day and the days after it. */
  after?: SearchDay;
  /** Properties every memo must have, each once. */
  has: MemoProperty[];
  untagged: boolean;
  visibility?: Visibility;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (`2026-02-30` is none), or undefined. */
export function parseSearchDay(text: string): SearchDay | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** One quick filter applied to the expression; false when the value is not one its key takes (the token stays a word). */
function applyFilter(expression: SearchExpression, key: string, value: string): boolean {
  const lower = value.toLowerCase();
  switch (key) {
    case "tag": {
      const tag = value.replace(/^#/, "");
      if (tag === "") return false;
      expression.tag = tag;
      return true;
    }
    case "before":
    case "after": {
      const day = parseSearchDay(value);
      if (day === undefined) return false;
      expression[key] = day;
      return true;
    }
    case "has": {
      const property = SEARCH_HAS[lower];
      if (property === undefined) return false;
      if (!expression.has.includes(property)) expression.has.push(property);
      return true;
    }
    case "is":
      if (!(SEARCH_IS as readonly string[]).includes(lower)) return false;
      expression.untagged = true;
      return true;
    case "visibility": {
      const visibility = SEARCH_VISIBILITY[lower];
      if (visibility === undefined) return false;
      expression.visibility = visibility;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Reads the search box's text: each unquoted `key:value` whose key and value are known becomes a filter; everything
 * else, quoted phrases whole, is left as the words. A text starting with `^` is a regular expression, read whole.
 * @example parseSearchExpression("tag:work has:task budget") // { words: "budget", tag: "work", has: ["hasTaskList"], … }
 */
export function parseSearchExpression(text: string): SearchExpression {
  const expression: SearchExpression = { words: "", has: [], untagged: false };
  if (text.trim().startsWith("^")) return { ...expression, words: text.trim() };
  const kept: string[] = [];
  // Quoted phrases (closed or running to the end) and unquoted runs of non-space characters, in order.
  for (const [token] of text.matchAll(/"[^"]*"?|[^\s"]+/gu)) {
    const filter = /^([a-z]+):(.+)$/i.exec(token);
    if (filter && !token.startsWith('"') && applyFilter(expression, filter[1]!.toLowerCase(), filter[2]!)) continue;
    kept.push(token);
  }
  expression.words = kept.join(" ");
  return expression;
}
