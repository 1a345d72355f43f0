// A selected shortcut filters the loaded memos on the client, as v0 did (common's evaluateFilters).
import type { Memo } from "@memos/common";
import { evaluateFilters, parseShortcutPayload } from "@memos/common/domain/filter";
import { useMemo } from "react";
import { useShortcuts } from "../../queries/sidebar";

/** A predicate for the shortcut with this id, or null when no shortcut is selected (or it is not loaded yet). */
export function useShortcutFilter(shortcutId: number | undefined): ((memo: Memo) => boolean) | null {
  const { data: shortcuts } = useShortcuts(shortcutId !== undefined);
  return useMemo(() => {
    if (shortcutId === undefined) return null;
    const shortcut = shortcuts?.find((item) => item.id === shortcutId);
    if (!shortcut) return null;
    const filters = parseShortcutPayload(shortcut.payload);
    return (memo: Memo) => evaluateFilters(memo, filters);
  }, [shortcutId, shortcuts]);
}
