// The editor's tag autocomplete: follows the caret, offers the user's tags matching the `#word` typed there,
// and takes ↑/↓ to move, Enter/Tab to complete, Esc to dismiss. The textarea stays a multi-line textbox (a
// combobox role would drop that) and carries the autocomplete attributes ARIA 1.2 allows a textbox: it names the
// listbox it controls and its active option.
import type { TagCount } from "@memos/common";
import { type KeyboardEvent, type RefObject, useId, useMemo, useState } from "react";
import { useTagCounts, useTagSubtreeCounts } from "../../queries/sidebar";
import { type ShownTagCount, tagCount } from "../Sidebar/tagTree";
import { completeTag, matchTags, tagQueryAt } from "./tagComplete";
import type { TextEdit, TextState } from "./textOps";

interface Options {
  textarea: RefObject<HTMLTextAreaElement | null>;
  content: string;
  run: (operation: (current: TextState) => TextEdit | null) => boolean;
}

/** A suggested tag with its count as shown. */
export type SuggestedTag = TagCount & ShownTagCount;

export function useTagAutocomplete({ textarea, content, run }: Options) {
  const listboxId = useId();
  const { data: tags = [] } = useTagCounts();
  const { data: subtreeCounts } = useTagSubtreeCounts();
  // Counted as the sidebar counts them (tagTree.ts): a parent with the tags under it.
  const counts = useMemo(() => new Map(tags.map((tag) => [tag.name, tag.count])), [tags]);
  const subtrees = useMemo(
    () => (subtreeCounts ? new Map(subtreeCounts.map((parent) => [parent.path, parent.count])) : undefined),
    [subtreeCounts],
  );
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The `#` position the user dismissed with Esc: that word offers nothing more. */
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = caret === null ? null : tagQueryAt(content, Math.min(caret, content.length));
  const options: SuggestedTag[] = query
    ? matchTags(tags, query.text).map((tag) => ({
        ...tag,
        ...(tagCount(tag.name, counts, subtrees) ?? { count: tag.count, subtree: false }),
      }))
    : [];
  const open = query !== null && options.length > 0 && dismissed !== query.hash;
  const current = Math.min(active, options.length - 1);

  /** Call on input, click and selection changes. */
  const track = () => {
    const element = textarea.current;
    if (!element) return;
    const next = element.selectionStart === element.selectionEnd ? element.selectionStart : null;
    if (next !== caret) setActive(0);
    setCaret(next);
    const hash = next === null ? null : (tagQueryAt(element.value, next)?.hash ?? null);
    if (hash !== dismissed) setDismissed(null);
  };

  const pick = (name: string) => {
    if (!query) return;
    run((state) => completeTag(state.value, query, name));
    setCaret(null);
  };

  /** Handles the key when the list is open; true when it did. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      pick(options[current]!.name);
    } else if (event.key === "Escape") {
      setDismissed(query.hash);
      // The list closes; a dialog or the full-screen editor around the editor stays open.
      event.stopPropagation();
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listboxId}-${index}`;
  const textboxProps = {
    "aria-autocomplete": "list",
    "aria-controls": open ? listboxId : undefined,
    "aria-activedescendant": open ? optionId(current) : undefined,
  } as const;

  /** Closes the list until the caret moves again (the textarea lost focus). */
  const close = () => setCaret(null);

  return { open, options, active: current, listboxId, optionId, pick, track, close, onKeyDown, textboxProps };
}
