// Reads the memo list query string into a store filter and a page.
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  type MemoListQuery,
  memoListQuerySchema,
  type RowStatus,
  ROW_STATUSES,
  type Visibility,
  VISIBILITIES,
} from "@memos/common";
import { badRequest } from "../errors.js";
import type { MemoFilter } from "../store/memo.store.js";
import { parseInput, parseOptionalId } from "./validate.js";

export interface ParsedMemoQuery {
  creatorId?: number;
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
  /** Filters that narrow, whoever asks. */
  narrowing: Omit<MemoFilter, "creatorId" | "visibilities" | "rowStatus">;
  limit: number;
  offset: number;
}

function parseVisibilities(raw: string | undefined): Visibility[] | undefined {
  if (raw === undefined || raw === "") return undefined;
  const values = raw.split(",").map((value) => value.trim()).filter(Boolean);
  for (const value of values) {
    if (!(VISIBILITIES as readonly string[]).includes(value)) throw badRequest(`Invalid visibility: ${value}`);
  }
  return values as Visibility[];
}

function parseRowStatus(raw: string | undefined): RowStatus | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!(ROW_STATUSES as readonly string[]).includes(raw)) throw badRequest(`Invalid rowStatus: ${raw}`);
  return raw as RowStatus;
}

/** True at a quantifier that repeats without bound: `*`, `+` or `{n,}`. */
const isUnboundedQuantifier = (pattern: string, at: number): boolean =>
  pattern[at] === "*" || pattern[at] === "+" || /^\{\d*,\}/.test(pattern.slice(at, at + 24));

/**
 * Nested unbounded repetition (`(a+)+`, `(\w*\s?)*`) can take exponential time in JavaScript's regex engine,
 * which SQLite's REGEXP uses synchronously: one request could stall the server. Such patterns are refused.
 */
function hasNestedRepetition(pattern: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  let closedGroupRepeats = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    // Whether the token just before this one is a group holding unbounded repetition.
    const afterRepeatingGroup = closedGroupRepeats;
    closedGroupRepeats = false;
    if (char === "\\") {
      i += 1;
    } else if (inClass) {
      inClass = char !== "]";
    } else if (char === "[") {
      inClass = true;
    } else if (char === "(") {
      groups.push(false);
    } else if (char === ")") {
      closedGroupRepeats = groups.pop() ?? false;
      if (closedGroupRepeats && groups.length > 0) groups[groups.length - 1] = true;
    } else if (isUnboundedQuantifier(pattern, i)) {
      if (afterRepeatingGroup) return true;
      if (groups.length > 0) groups[groups.length - 1] = true;
    }
  }
  return false;
}

function parseText(text: string | undefined): { text?: string; regex?: boolean } {
  if (text === undefined || text === "") return {};
  if (!text.startsWith("^")) return { text };
  const pattern = text.slice(1);
  try {
    new RegExp(pattern);
  } catch {
    throw badRequest(`Invalid regular expression: ${pattern}`);
  }
  if (hasNestedRepetition(pattern)) throw badRequest(`Invalid regular expression: nested repetition is not supported: ${pattern}`);
  return { text: pattern, regex: true };
}

export function parseMemoQuery(query: unknown): ParsedMemoQuery {
  const input: MemoListQuery = parseInput(memoListQuerySchema, query, "Malformatted memo list query");
  const limit = input.limit === undefined || input.limit === 0 ? DEFAULT_LIST_LIMIT : Math.min(input.limit, MAX_LIST_LIMIT);
  if (input.from !== undefined && input.to !== undefined && input.from >= input.to) {
    throw badRequest("Invalid duration: from must be earlier than to");
  }
  return {
    creatorId: parseOptionalId(input.creatorId, "creatorId"),
    visibilities: parseVisibilities(input.visibility),
    rowStatus: parseRowStatus(input.rowStatus),
    narrowing: {
      pinned: input.pinned === undefined ? undefined : input.pinned === "true",
      tag: input.tag || undefined,
      ...parseText(input.text),
      fromTs: input.from,
      toTs: input.to,
      type: input.type,
    },
    limit,
    offset: input.offset ?? 0,
  };
}
