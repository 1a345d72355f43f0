// Reads the memo list query string into a store filter and a page.
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type MemoListQuery, type RowStatus, type Visibility } from "@memos/common";
import { RE2JS } from "re2js";
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
}

const INVALID_REGEX: ErrorDetail = { reason: "search.invalid-regex", field: "text" };

function parseText(text: string | undefined): { text?: string; regex?: boolean } {
  if (text === undefined || text === "") return {};
  if (!text.startsWith("^")) return { text };
  const pattern = text.slice(1);
  // RE2 syntax (what SQLite runs, see store/db.ts): linear-time matching, so no pattern can stall the server.
  try {
    RE2JS.compile(pattern);
  } catch {
    throw badRequest(`Invalid regular expression: ${pattern}`, INVALID_REGEX);
  }
  // …and PostgreSQL's dialect, so both engines give the same answer.
  const problem = postgresRegexProblem(pattern);
  if (problem) throw badRequest(`Invalid regular expression: ${pattern}: ${problem}`, INVALID_REGEX);
  return { text: pattern, regex: true };
}

/**
 * `input` is valid already (the route's schema, memoListQuerySchema, checks each value and the rules between them);
 * this turns it into the store's filter and page, reading the search text and the cursor.
 */
export function parseMemoQuery(input: MemoListQuery): ParsedMemoQuery {
  const limit = input.limit === undefined || input.limit === 0 ? DEFAULT_LIST_LIMIT : Math.min(input.limit, MAX_LIST_LIMIT);
  return {
    creatorId: input.creatorId,
    visibilities: input.visibility,
    rowStatus: input.rowStatus,
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
    after: input.cursor ? decodeCursor(input.cursor) : undefined,
  };
}
