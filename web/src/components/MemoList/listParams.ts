// The page filter as GET /api/memo query parameters: the server filters tag, text, type, visibility and time. The
// search box's text goes as `search` (every word and "quoted phrase", in any order), not as v0's one-substring `text`;
// its quick filters (`tag:work before:2026-01-01 has:task`, common's search-expression.ts) become the parameters
// they stand for, beside the page's own filter.
import { parseSearchExpression, type SearchDay } from "@memos/common";
import type { MemoListParams } from "../../queries/keys";
import type { MemoFilterState } from "../../state/filter";

/** The day's first second, in Unix seconds, in the reader's time zone (as the calendar's days are). */
const localMidnight = (day: SearchDay): number => Math.floor(new Date(day.year, day.month - 1, day.day).getTime() / 1000);

export function filterParams(filter: MemoFilterState): MemoListParams {
  const params: MemoListParams = {};
  const expression = parseSearchExpression(filter.text ?? "");
  const tag = filter.tag ?? expression.tag;
  if (tag) params.tag = tag;
  if (expression.words) params.search = expression.words;
  const type = filter.type ?? (expression.untagged ? "NOT_TAGGED" : undefined);
  if (type) params.type = type;
  const visibility = filter.visibility ?? expression.visibility;
  if (visibility) params.visibility = visibility;
  if (expression.has.length > 0) params.has = expression.has.join(",");
  // The page's days and the text's `after:`/`before:` together: the later start and the earlier end.
  const from = [filter.duration && Math.floor(filter.duration.from / 1000), expression.after && localMidnight(expression.after)];
  const to = [filter.duration && Math.ceil(filter.duration.to / 1000), expression.before && localMidnight(expression.before)];
  const starts = from.filter((value): value is number => value !== undefined);
  const ends = to.filter((value): value is number => value !== undefined);
  if (starts.length > 0) params.from = Math.max(...starts);
  if (ends.length > 0) params.to = Math.min(...ends);
  return params;
}
