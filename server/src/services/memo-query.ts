// Reads the memo list query string into a store filter and a page.
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  type MemoListQuery,
  type RowStatus,
  ROW_STATUSES,
  type Visibility,
  VISIBILITIES,
} from "@memos/common";
import { RE2JS } from "re2js";
import { badRequest } from "../errors.js";
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

function parseVisibilities(raw: string | undefined): Visibility[] | undefined {
  if (raw === undefined || raw === "") return undefined;
  const values = raw
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
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

function parseText(text: string | undefined): { text?: string; regex?: boolean } {
  if (text === undefined || text === "") return {};
  if (!text.startsWith("^")) return { text };
  const pattern = text.slice(1);
  // RE2 syntax (what SQLite runs, see store/db.ts): linear-time matching, so no pattern can stall the server.
  try {
    RE2JS.compile(pattern);
  } catch {
    throw badRequest(`Invalid regular expression: ${pattern}`);
  }
  // …and PostgreSQL's dialect, so both engines give the same answer.
  const problem = postgresRegexProblem(pattern);
  if (problem) throw badRequest(`Invalid regular expression: ${pattern}: ${problem}`);
  return { text: pattern, regex: true };
}

function parseCursor(cursor: string | undefined, offset: number | undefined): MemoPosition | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  if (offset !== undefined && offset !== 0) throw badRequest("Invalid cursor: it cannot be combined with offset");
  return decodeCursor(cursor);
}

/** `input` is valid already (the route's schema, memoListQuerySchema); this reads the rules between its values. */
export function parseMemoQuery(input: MemoListQuery): ParsedMemoQuery {
  const limit = input.limit === undefined || input.limit === 0 ? DEFAULT_LIST_LIMIT : Math.min(input.limit, MAX_LIST_LIMIT);
  if (input.from !== undefined && input.to !== undefined && input.from >= input.to) {
    throw badRequest("Invalid duration: from must be earlier than to");
  }
  return {
    creatorId: input.creatorId,
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
    after: parseCursor(input.cursor, input.offset),
  };
}
