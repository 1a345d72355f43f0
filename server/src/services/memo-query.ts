// Reads a memo list's request (common's MemoListInput, from the HTTP query or an MCP tool) into a store filter and a
// page.
import {
  DEFAULT_LIST_LIMIT,
  DURATION_REFUSAL,
  hasTooManySearchTerms,
  isForwardDuration,
  MAX_LIST_LIMIT,
  MAX_SEARCH_TERMS,
  type MemoListInput,
  type MemoListOrder,
  parseSearch,
  type RowStatus,
  SEARCH_TERMS_REFUSAL,
  type Visibility,
} from "@memos/common";
import { onFirstUse } from "../on-first-use.js";
import { badRequest, type ErrorDetail } from "../errors.js";
import type { MemoFilter, MemoPosition } from "../store/sql/memo/memo.store.js";
import { decodeCursor } from "./memo-cursor.js";
import { postgresRegexProblem } from "./regex-dialect.js";

export interface ParsedMemoQuery {
  creatorId?: number;
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
  /** Filters that narrow, whoever asks. */
  narrowing: Omit<MemoFilter, "creatorId" | "visibilities" | "rowStatus">;
  limit: number;
  offset: number;
  /** Keyset paging from a `cursor` parameter; `offset` is then 0. */
  after?: MemoPosition;
  /** The time the list runs by. */
  order: MemoListOrder;
}

/** re2js (250 KB of source, and its compiled code) is loaded by the first `^regex` search, not by every server. */
const re2js = onFirstUse<typeof import("re2js")>("re2js");
const loadRe2 = () => re2js().RE2JS;

/** A `^regex` of the query parameter `field`, checked for both engines' dialects. */
function checkedRegex(pattern: string, field: "text" | "search"): string {
  const invalid: ErrorDetail = { reason: "search.invalid-regex", field };
  // RE2 syntax (what SQLite runs, see store/db.ts): linear-time matching, so no pattern can stall the server.
  try {
    loadRe2().compile(pattern);
  } catch {
    throw badRequest(`Invalid regular expression: ${pattern}`, invalid);
  }
  // …and PostgreSQL's dialect, so both engines give the same answer.
  const problem = postgresRegexProblem(pattern);
  if (problem) throw badRequest(`Invalid regular expression: ${pattern}: ${problem}`, invalid);
  return pattern;
}

/** The text filter: the `text` driving the search (a regular expression, or its longest term) and the other terms. */
type TextFilter = Pick<MemoFilter, "text" | "regex" | "terms">;

/**
 * The text filter of v0's `text` (one substring, or a `^regex`) and the search box's `search` (words and phrases,
 * each required, or a `^regex`): every term must appear. The longest term drives the search (the text index finds
 * it; the longer a term, the fewer memos hold it) and the others are checked on the memos it finds.
 */
function parseText(text: string | undefined, search: string | undefined): TextFilter {
  const literals: string[] = [];
  let regex: string | undefined;
  if (text !== undefined && text !== "") {
    if (text.startsWith("^")) regex = checkedRegex(text.slice(1), "text");
    else literals.push(text);
  }
  if (search !== undefined && search !== "") {
    if (hasTooManySearchTerms(search))
      throw badRequest(SEARCH_TERMS_REFUSAL, { reason: "search.too-many-terms", field: "search", params: { maximum: MAX_SEARCH_TERMS } });
    const parsed = parseSearch(search);
    if (parsed.kind === "regex") {
      if (regex !== undefined)
        throw badRequest("Invalid search: only one of text and search may be a regular expression", { field: "search" });
      regex = checkedRegex(parsed.pattern, "search");
    } else {
      literals.push(...parsed.terms);
    }
  }
  const terms = literals.filter((term, i) => literals.findIndex((other) => other.toLowerCase() === term.toLowerCase()) === i);
  if (regex !== undefined) return { text: regex, regex: true, ...(terms.length > 0 ? { terms } : {}) };
  if (terms.length === 0) return {};
  const length = (term: string) => Array.from(term).length;
  const longest = terms.reduce((best, term) => (length(term) > length(best) ? term : best));
  const others = terms.filter((term) => term !== longest);
  return { text: longest, ...(others.length > 0 ? { terms: others } : {}) };
}

/**
 * Turns a list's request into the store's filter and page, reading the search text and the cursor, and refusing
 * (400, naming the field) what common's memo-list rules refuse: an HTTP query's schema has refused it already, an
 * MCP tool's request meets them here.
 */
export function readMemoList(input: MemoListInput): ParsedMemoQuery {
  if (!isForwardDuration(input.fromTs, input.toTs)) throw badRequest(DURATION_REFUSAL, { field: "from" });
  const limit = input.limit === undefined || input.limit === 0 ? DEFAULT_LIST_LIMIT : Math.min(input.limit, MAX_LIST_LIMIT);
  return {
    creatorId: input.creatorId,
    visibilities: input.visibilities,
    rowStatus: input.rowStatus,
    narrowing: {
      pinned: input.pinned,
      tag: input.tag || undefined,
      ...parseText(input.text, input.search),
      fromTs: input.fromTs,
      toTs: input.toTs,
      type: input.type,
      ...(input.has && input.has.length > 0
        ? { conditions: input.has.map((property) => ({ test: { kind: "property" as const, property }, negated: false })) }
        : {}),
    },
    limit,
    offset: input.offset ?? 0,
    after: input.cursor ? decodeCursor(input.cursor, input.orderBy ?? "display") : undefined,
    order: input.orderBy ?? "display",
  };
}
