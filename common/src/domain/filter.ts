// The shortcut filter model of the v0 web (docs/v0-wire.md#shortcut-filters): a shortcut's payload is a JSON list of filters, each
// checked against a memo on the client and folded with its relation, starting from true.
import type { Visibility } from "./constants.js";
import { extractTags, tagAncestry, tagMatches } from "./tags.js";

export const FILTER_TYPES = ["TAG", "TYPE", "TEXT", "DISPLAY_TIME", "VISIBILITY"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const FILTER_OPERATORS = ["CONTAIN", "NOT_CONTAIN", "IS", "IS_NOT", "BEFORE", "AFTER"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_RELATIONS = ["AND", "OR"] as const;
export type FilterRelation = (typeof FILTER_RELATIONS)[number];

/** The operators the v0 shortcut dialog offers for each filter type. */
export const OPERATORS_BY_TYPE: Record<FilterType, readonly FilterOperator[]> = {
  TAG: ["CONTAIN", "NOT_CONTAIN"],
  TYPE: ["IS", "IS_NOT"],
  TEXT: ["CONTAIN", "NOT_CONTAIN"],
  DISPLAY_TIME: ["BEFORE", "AFTER"],
  VISIBILITY: ["IS", "IS_NOT"],
};

/** The values a TYPE filter may take. IMAGED and CONNECTED are declared by v0 but never offered. */
export const MEMO_SPECIAL_TYPES = ["NOT_TAGGED", "LINKED"] as const;

export interface Filter {
  type: FilterType;
  value: { operator: FilterOperator; value: string };
  relation: FilterRelation;
}

/** What a filter looks at. `displayTs` is in Unix seconds, as on the wire. */
export interface FilterableMemo {
  content: string;
  visibility: Visibility;
  displayTs: number;
}

/** v0's LINK_REG: a markdown link `[text](url)`. */
const LINK_PATTERN = /\[(.*?)\]\((.+?)\)+/;

/** A new filter row as the v0 dialog starts it. */
export const defaultFilter = (): Filter => ({ type: "TAG", value: { operator: "CONTAIN", value: "" }, relation: "AND" });

function memoTagSet(content: string): Set<string> {
  const tags = new Set<string>();
  for (const tag of extractTags(content)) {
    for (const prefix of tagAncestry(tag)) tags.add(prefix);
  }
  return tags;
}

function matchesType(content: string, value: string): boolean {
  if (value === "NOT_TAGGED") return extractTags(content).length === 0;
  if (value === "LINKED") return LINK_PATTERN.test(content);
  return false;
}

/** A value starting with `^` is a regular expression (v0); an invalid one matches nothing instead of throwing. */
function matchesText(content: string, value: string): boolean {
  if (value.startsWith("^")) {
    try {
      return new RegExp(value.slice(1)).test(content);
    } catch {
      return false;
    }
  }
  return content.toLowerCase().includes(value.toLowerCase());
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Milliseconds of a date string, read as dayjs reads it: `YYYY-MM-DD[ HH:mm[:ss]]` in local time,
 * anything else by the platform parser. NaN when it is no date.
 */
export function parseFilterDate(value: string): number {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return Date.parse(value);
  const [, year, month, day, hour, minute, second] = match.map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(year!, month! - 1, day!, hour, minute, second);
  return date.getMonth() === month! - 1 ? date.getTime() : Number.NaN;
}

function matchesDisplayTime(displayTs: number, operator: FilterOperator, value: string): boolean {
  const bound = parseFilterDate(value);
  if (Number.isNaN(bound)) return false;
  const ms = displayTs * 1000;
  return operator === "BEFORE" ? ms < bound : ms > bound;
}

/** Whether one filter lets the memo through. An empty value always does. */
export function evaluateFilter(memo: FilterableMemo, filter: Filter): boolean {
  const { operator, value } = filter.value;
  if (value === "") return true;
  const negate = operator === "NOT_CONTAIN" || operator === "IS_NOT";
  switch (filter.type) {
    case "TAG":
      return memoTagSet(memo.content).has(value) !== negate;
    case "TYPE":
      return matchesType(memo.content, value) !== negate;
    case "TEXT":
      return matchesText(memo.content, value) !== negate;
    case "DISPLAY_TIME":
      return matchesDisplayTime(memo.displayTs, operator, value);
    case "VISIBILITY":
      return (memo.visibility === value) !== negate;
    default:
      return true;
  }
}

/**
 * Folds the filters with their relations, seeded with true (v0, quirk included: an OR cannot turn a
 * true result false, so `[A (OR)]` always passes).
 * @example evaluateFilters(memo, [{ type: "TAG", value: { operator: "CONTAIN", value: "a" }, relation: "AND" }])
 */
export function evaluateFilters(memo: FilterableMemo, filters: readonly Filter[]): boolean {
  let shown = true;
  for (const filter of filters) {
    const passes = evaluateFilter(memo, filter);
    shown = filter.relation === "OR" ? shown || passes : shown && passes;
  }
  return shown;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

function toFilter(raw: unknown): Filter | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { type, value, relation } = raw as Record<string, unknown>;
  if (!isOneOf(FILTER_TYPES, type) || typeof value !== "object" || value === null) return null;
  const { operator, value: operand } = value as Record<string, unknown>;
  if (!isOneOf(FILTER_OPERATORS, operator)) return null;
  const text = typeof operand === "string" ? operand : typeof operand === "number" ? String(operand) : "";
  return { type, value: { operator, value: text }, relation: relation === "OR" ? "OR" : "AND" };
}

/** The filters of a shortcut payload. Never throws: malformed JSON gives [], malformed entries are skipped. */
export function parseShortcutPayload(text: string | null | undefined): Filter[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map(toFilter).filter((filter): filter is Filter => filter !== null);
}

/** The payload text of a shortcut for its filters. */
export const serializeShortcutPayload = (filters: readonly Filter[]): string => JSON.stringify(filters);

/**
 * The payload with its TAG filters on `from` or a tag under it moved to `to` (`work/a` → `job/a`), everything else
 * as it was; null when no filter names such a tag (or the payload is no list of filters).
 * @example renameTagInShortcutPayload('[{"type":"TAG","value":{"operator":"CONTAIN","value":"work"},"relation":"AND"}]', "work", "job")
 */
export function renameTagInShortcutPayload(payload: string, from: string, to: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  let changed = false;
  const renamed = parsed.map((raw: unknown) => {
    const filter = toFilter(raw);
    if (filter?.type !== "TAG" || !tagMatches(filter.value.value, from)) return raw;
    changed = true;
    const entry = raw as { value: Record<string, unknown> };
    return { ...entry, value: { ...entry.value, value: to + filter.value.value.slice(from.length) } };
  });
  return changed ? JSON.stringify(renamed) : null;
}
