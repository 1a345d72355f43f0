// The editor's `[[` memo picker: typing `[[` offers the user's memos, searched as they type through the memo list's
// text search; ↑/↓ move, Enter/Tab insert a link to the memo (`[first words](/m/12)`), Esc dismisses. The same
// ARIA as the tag autocomplete (useTagAutocomplete.ts): the textarea names the listbox and its active option.
import type { Memo } from "@memos/common";
import { type KeyboardEvent, type RefObject, useId, useState } from "react";
import { useMemoLinkSearch } from "../../queries/relations";
import { completeMemoLink, memoLinkQueryAt } from "./memoLinkComplete";
import type { TextEdit, TextState } from "./textOps";

interface Options {
  textarea: RefObject<HTMLTextAreaElement | null>;
  content: string;
  run: (operation: (current: TextState) => TextEdit | null) => boolean;
  /** The memo being edited: never offered as a link to itself. */
  selfId?: number;
}

export function useMemoLinkAutocomplete({ textarea, content, run, selfId }: Options) {
  const listboxId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The `[[` position the user dismissed with Esc. */
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = caret === null ? null : memoLinkQueryAt(content, Math.min(caret, content.length));
  const live = query !== null && dismissed !== query.start;
  const search = useMemoLinkSearch(query?.text ?? "", live);
  const options: Memo[] = live ? (search.data ?? []).filter((memo) => memo.id !== selfId) : [];
  const open = live && options.length > 0;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const track = () => {
    const element = textarea.current;
    if (!element) return;
    const next = element.selectionStart === element.selectionEnd ? element.selectionStart : null;
    if (next !== caret) setActive(0);
    setCaret(next);
    const start = next === null ? null : (memoLinkQueryAt(element.value, next)?.start ?? null);
    if (start !== dismissed) setDismissed(null);
  };

  const pick = (memo: Memo) => {
    if (!query) return;
    run(() => completeMemoLink(query, memo));
    setCaret(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      pick(options[current]!);
    } else if (event.key === "Escape") {
      setDismissed(query!.start);
      event.stopPropagation();
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listboxId}-${index}`;
  const textboxProps = {
    "aria-controls": open ? listboxId : undefined,
    "aria-activedescendant": open ? optionId(current) : undefined,
  } as const;

  return { open, options, active: current, listboxId, optionId, pick, track, close: () => setCaret(null), onKeyDown, textboxProps };
}
