// The memos selected in a list's select mode (bulk edits): a set of ids, so a selection outlives the pages it was
// made on (more pages loaded, a page refetched), and the anchor a Shift-click extends from.
import { useCallback, useMemo, useState } from "react";

export interface Selection {
  readonly ids: ReadonlySet<number>;
  /** The last memo clicked without Shift: a Shift-click selects from it to the clicked memo. */
  readonly anchor: number | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** The memo `id` selected or not, the other way than it was; it becomes the anchor. */
export function toggle(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * A Shift-click on `id`: every memo between the anchor and it in `order` (the list as shown) takes the state the
 * clicked memo takes, selected or not. Without an anchor in `order` (none yet, or its memo left the list), a toggle.
 * @example selectRange({ ids: new Set([2]), anchor: 2 }, [1, 2, 3, 4], 4) // ids 2, 3, 4; anchor 2
 */
export function selectRange(selection: Selection, order: readonly number[], id: number): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const select = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  for (const each of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: selection.anchor };
}

/** `ids` added to the selection ("select all"). */
export function selectAll(selection: Selection, ids: readonly number[]): Selection {
  return { ids: new Set([...selection.ids, ...ids]), anchor: selection.anchor };
}

/** Whether every one of `ids` is selected (and there is one). */
export const holdsAll = (selection: Selection, ids: readonly number[]): boolean =>
  ids.length > 0 && ids.every((id) => selection.ids.has(id));

/**
 * A list's select mode: whether it is on, what is selected, and the ways to change it. Leaving the mode clears
 * the selection.
 */
export function useSelection() {
  const [active, setActive] = useState(false);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const start = useCallback(() => setActive(true), []);
  const stop = useCallback(() => {
    setActive(false);
    setSelection(NO_SELECTION);
  }, []);
  const click = useCallback(
    (id: number, range: boolean, order: readonly number[]) =>
      setSelection((current) => (range ? selectRange(current, order, id) : toggle(current, id))),
    [],
  );
  const add = useCallback((ids: readonly number[]) => setSelection((current) => selectAll(current, ids)), []);
  const clear = useCallback(() => setSelection(NO_SELECTION), []);
  return useMemo(() => ({ active, selection, start, stop, click, add, clear }), [active, selection, start, stop, click, add, clear]);
}

export type SelectionState = ReturnType<typeof useSelection>;
