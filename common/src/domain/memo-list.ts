// A memo list's request in the domain's terms (whose memos, which ones, which page) and the rules between its values.
// The HTTP routes build it from their parsed query string, MCP's tools from their own inputs; the memo service takes
// this and nothing else, and applies the rules whoever asks (the query's schema applies them first, with the same
// words, so a bad query string is refused before any service runs).
import type { MemoTypeFilter, RowStatus, Visibility } from "./constants.js";
import type { MemoProperty } from "./memo-properties.js";
import { MAX_SEARCH_TERMS, parseSearch } from "./search.js";

/** Which memos: every field narrows; absent fields do not. */
export interface MemoListFilter {
  /** Whose memos; absent: the caller's own (the list) or everyone's (explore). */
  creatorId?: number;
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
  pinned?: boolean;
  /** A tag, without `#`; a parent tag includes its children. */
  tag?: string;
  /** v0's `text`: one case-insensitive substring, or a regular expression after a leading `^`. */
  text?: string;
  /** The search box's words and "quoted phrases", each required (parseSearch), or a `^regular expression`. */
  search?: string;
  /** Unix seconds: memos displayed at or after `fromTs`, and before `toTs`. */
  fromTs?: number;
  toTs?: number;
  type?: MemoTypeFilter;
  /** Properties of the text each memo must have (read from its stored flags, migration 048). */
  has?: MemoProperty[];
}

/**
 * Which time a list runs by, newest first: the display time (created, or updated when its author chose that; every
 * list's by default), or the last edit's (`updated`: what was worked on lately, whatever the author's setting).
 */
export const MEMO_LIST_ORDERS = ["display", "updated"] as const;
export type MemoListOrder = (typeof MEMO_LIST_ORDERS)[number];

/** Which memos and which page of them. */
export interface MemoListInput extends MemoListFilter {
  /** Absent: display order. */
  orderBy?: MemoListOrder;
  /** 0 or absent: the default page; more than the list's maximum is the maximum. */
  limit?: number;
  offset?: number;
  /** The previous page's cursor, as the server gave it (opaque). */
  cursor?: string;
}

/** The display times of one creator's memos (the heat map, the calendar), optionally in a window. */
export interface MemoTimesInput {
  creatorId?: number;
  /** Unix seconds: display times at or after `fromTs`, and before `toTs`. */
  fromTs?: number;
  toTs?: number;
}

/** The calendar's days of one creator: `days` are the bounds, ascending Unix seconds (a day runs to the next bound). */
export interface MemoCalendarInput {
  creatorId?: number;
  days: readonly number[];
}

/** How many memos: of one creator, or (absent) of everyone the caller may read. */
export interface MemoCountInput {
  creatorId?: number;
}

export const DURATION_REFUSAL = "Invalid duration: from must be earlier than to";

/** A window of display times runs forwards: `from` before `to` when both are given. */
export const isForwardDuration = (fromTs: number | undefined, toTs: number | undefined): boolean =>
  fromTs === undefined || toTs === undefined || fromTs < toTs;

export const SEARCH_TERMS_REFUSAL = `Invalid search: at most ${MAX_SEARCH_TERMS} words or phrases`;

/** Each term is checked on every memo a search reads: a search holds at most MAX_SEARCH_TERMS (a regex is one). */
export function hasTooManySearchTerms(search: string): boolean {
  const parsed = parseSearch(search);
  return parsed.kind === "terms" && parsed.terms.length > MAX_SEARCH_TERMS;
}
