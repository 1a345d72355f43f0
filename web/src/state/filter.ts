// The memo filter lives in the page's query string (PRODUCT.md §2): tag, type, duration (from, to),
// text, shortcutId, visibility. This hook is the one way components read and change it.
import type { Visibility } from "@memos/common";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export type MemoTypeFilter = "NOT_TAGGED" | "LINKED";

export interface MemoFilterState {
  tag?: string;
  type?: MemoTypeFilter;
  text?: string;
  /** Unix milliseconds; only set when both ends are given, from < to and to ≠ 0. */
  duration?: { from: number; to: number };
  shortcutId?: number;
  visibility?: Visibility;
}

const TYPES: MemoTypeFilter[] = ["NOT_TAGGED", "LINKED"];
const VISIBILITIES: Visibility[] = ["PUBLIC", "PROTECTED", "PRIVATE"];

export function parseFilter(params: URLSearchParams): MemoFilterState {
  const filter: MemoFilterState = {};
  const tag = params.get("tag");
  if (tag) filter.tag = tag;
  const type = params.get("type");
  if (type && (TYPES as string[]).includes(type)) filter.type = type as MemoTypeFilter;
  const text = params.get("text");
  if (text) filter.text = text;
  const from = Number(params.get("duration[from]") ?? params.get("from"));
  const to = Number(params.get("duration[to]") ?? params.get("to"));
  if (Number.isFinite(from) && Number.isFinite(to) && to !== 0 && from < to && params.has("duration[to]")) {
    filter.duration = { from, to };
  }
  const shortcutId = Number(params.get("shortcutId"));
  if (Number.isInteger(shortcutId) && shortcutId > 0) filter.shortcutId = shortcutId;
  const visibility = params.get("visibility");
  if (visibility && (VISIBILITIES as string[]).includes(visibility)) filter.visibility = visibility as Visibility;
  return filter;
}

export function filterToParams(filter: MemoFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.type) params.set("type", filter.type);
  if (filter.text) params.set("text", filter.text);
  if (filter.duration && filter.duration.to !== 0 && filter.duration.from < filter.duration.to) {
    params.set("duration[from]", String(filter.duration.from));
    params.set("duration[to]", String(filter.duration.to));
  }
  if (filter.shortcutId) params.set("shortcutId", String(filter.shortcutId));
  if (filter.visibility) params.set("visibility", filter.visibility);
  return params;
}

export function useFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseFilter(params), [params]);
  const update = useCallback(
    (patch: Partial<MemoFilterState>) => setParams(filterToParams({ ...parseFilter(params), ...patch })),
    [params, setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { filter, update, clear };
}
