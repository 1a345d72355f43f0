// The memo filter lives in the page's query string (docs/v0-wire.md#filters-in-the-address-bar): tag, type, duration (from, to),
// text, shortcutId, visibility. This hook is the one way components read and change it.
import { MEMO_TYPE_FILTERS, type MemoTypeFilter, VISIBILITIES, type Visibility } from "@memos/common";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

export interface MemoFilterState {
  tag?: string;
  type?: MemoTypeFilter;
  text?: string;
  /** Unix milliseconds; only set when both ends are given, from < to and to ≠ 0. */
  duration?: { from: number; to: number };
  shortcutId?: number;
  visibility?: Visibility;
}

/** Every query key the filter owns (qs writes the duration as `duration[from]` / `duration[to]`). */
const FILTER_KEYS = ["tag", "type", "text", "duration[from]", "duration[to]", "shortcutId", "visibility"] as const;

/** A number from the query string, or undefined when the key is absent, empty or not a number. */
function numberParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The duration rule: both ends given, from earlier than to, and to not 0. */
function validDuration(from: number | undefined, to: number | undefined): { from: number; to: number } | undefined {
  if (from === undefined || to === undefined) return undefined;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to === 0 || from >= to) return undefined;
  return { from, to };
}

export function parseFilter(params: URLSearchParams): MemoFilterState {
  const filter: MemoFilterState = {};
  const tag = params.get("tag");
  if (tag) filter.tag = tag;
  const type = params.get("type");
  if (type && (MEMO_TYPE_FILTERS as readonly string[]).includes(type)) filter.type = type as MemoTypeFilter;
  const text = params.get("text");
  if (text) filter.text = text;
  const duration = validDuration(numberParam(params, "duration[from]"), numberParam(params, "duration[to]"));
  if (duration) filter.duration = duration;
  const shortcutId = numberParam(params, "shortcutId");
  if (shortcutId !== undefined && Number.isInteger(shortcutId) && shortcutId > 0) filter.shortcutId = shortcutId;
  const visibility = params.get("visibility");
  if (visibility && (VISIBILITIES as readonly string[]).includes(visibility)) filter.visibility = visibility as Visibility;
  return filter;
}

/** The query string for a filter; keys that are not the filter's (in `base`) are kept. */
export function filterToParams(filter: MemoFilterState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) params.delete(key);
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.type) params.set("type", filter.type);
  if (filter.text) params.set("text", filter.text);
  const duration = validDuration(filter.duration?.from, filter.duration?.to);
  if (duration) {
    params.set("duration[from]", String(duration.from));
    params.set("duration[to]", String(duration.to));
  }
  if (filter.shortcutId) params.set("shortcutId", String(filter.shortcutId));
  if (filter.visibility) params.set("visibility", filter.visibility);
  return params;
}

/** True when any filter field is set. */
export const hasFilter = (filter: MemoFilterState): boolean =>
  Boolean(filter.tag || filter.type || filter.text || filter.duration || filter.shortcutId || filter.visibility);

export interface FilterUpdateOptions {
  /** Replace the history entry instead of pushing one (the search box uses it while typing). */
  replace?: boolean;
}

/**
 * The filter of the current page and stable functions to change it.
 * @example const { filter, update, clear } = useFilter(); update({ tag: "work" }); update({ tag: undefined });
 */
export function useFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseFilter(params), [params]);
  // setSearchParams changes identity with every location; the refs keep update/clear stable and let two
  // updates in one tick build on each other instead of on a stale render.
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  }, [params, setParams]);

  const update = useCallback((patch: Partial<MemoFilterState>, options: FilterUpdateOptions = {}) => {
    const current = latest.current.params;
    const next = filterToParams({ ...parseFilter(current), ...patch }, current);
    latest.current.params = next;
    latest.current.setParams(next, { replace: options.replace });
  }, []);

  const clear = useCallback((options: FilterUpdateOptions = {}) => {
    const next = filterToParams({}, latest.current.params);
    latest.current.params = next;
    latest.current.setParams(next, { replace: options.replace });
  }, []);

  return { filter, update, clear };
}
