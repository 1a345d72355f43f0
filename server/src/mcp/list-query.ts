// The MCP tools' filters (dates, a time zone, booleans) as the memo list's query, parsed by the list's own schema,
// so a tool searches exactly as `GET /api/memo` does, with its limits and messages.
import { MCP_DEFAULT_PAGE, type MemoListQuery, memoListQuerySchema, type SearchMemosInput, zonedDayStart } from "@memos/common";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date's start in the zone, or the time itself (ISO 8601); `end`: a date means up to the end of that day. */
function unixTime(value: string, timeZone: string | undefined, end: boolean): number {
  if (DATE.test(value)) return zonedDayStart(value, timeZone, end ? 1 : 0);
  return Math.floor(Date.parse(value) / 1000);
}

export function listQuery(input: SearchMemosInput): MemoListQuery {
  const raw: Record<string, string> = { limit: String(input.limit ?? MCP_DEFAULT_PAGE) };
  if (input.query) raw.search = input.query;
  if (input.tag) raw.tag = input.tag.replace(/^#/, "");
  if (input.from) raw.from = String(unixTime(input.from, input.timeZone, false));
  if (input.to) raw.to = String(unixTime(input.to, input.timeZone, true));
  if (input.visibility) raw.visibility = input.visibility;
  if (input.pinned !== undefined) raw.pinned = String(input.pinned);
  raw.rowStatus = input.archived ? "ARCHIVED" : "NORMAL";
  if (input.cursor) raw.cursor = input.cursor;
  const parsed = memoListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = { search: "query", cursor: "cursor", from: "from", to: "to" }[String(issue?.path[0])] ?? String(issue?.path[0] ?? "input");
  throw new Error(`Invalid ${field}: ${issue?.message ?? "not accepted"}`);
}
