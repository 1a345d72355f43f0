// The MCP tools' filters (dates in a time zone, a tag with or without #, booleans) as the memo list's request in the
// domain's terms (common's MemoListInput): the tools list through the same service as `GET /api/memo`, which applies
// the same rules with the same messages, and no query string is written and read back in between.
import { MCP_DEFAULT_PAGE, type MemoListInput, type SearchMemosInput, zonedDayStart } from "@memos/common";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date's start in the zone, or the time itself (ISO 8601); `end`: a date means up to the end of that day. */
function unixTime(value: string, timeZone: string | undefined, end: boolean): number {
  if (DATE.test(value)) return zonedDayStart(value, timeZone, end ? 1 : 0);
  return Math.floor(Date.parse(value) / 1000);
}

export function listInput(input: SearchMemosInput): MemoListInput {
  return {
    limit: input.limit ?? MCP_DEFAULT_PAGE,
    search: input.query,
    tag: input.tag?.replace(/^#/, "") || undefined,
    fromTs: input.from ? unixTime(input.from, input.timeZone, false) : undefined,
    toTs: input.to ? unixTime(input.to, input.timeZone, true) : undefined,
    visibilities: input.visibility ? [input.visibility] : undefined,
    pinned: input.pinned,
    rowStatus: input.archived ? "ARCHIVED" : "NORMAL",
    cursor: input.cursor,
  };
}
