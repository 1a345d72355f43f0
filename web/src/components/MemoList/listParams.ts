// The page filter as GET /api/memo query parameters: the server filters tag, text, type, visibility and time. The
// search box's text goes as `search` (every word and "quoted phrase", in any order), not as v0's one-substring `text`.
import type { MemoListParams } from "../../queries/keys";
import type { MemoFilterState } from "../../state/filter";

export function filterParams(filter: MemoFilterState): MemoListParams {
  const params: MemoListParams = {};
  if (filter.tag) params.tag = filter.tag;
  if (filter.text) params.search = filter.text;
  if (filter.type) params.type = filter.type;
  if (filter.visibility) params.visibility = filter.visibility;
  if (filter.duration) {
    params.from = Math.floor(filter.duration.from / 1000);
    params.to = Math.ceil(filter.duration.to / 1000);
  }
  return params;
}
