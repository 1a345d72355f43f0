// The app's single-key shortcuts (listed in the `?` dialog): `/` or Ctrl/⌘+K focuses the search box, `n` the new
// memo editor, `s` starts the list's select mode, `?` opens the list. They wait while the user types in a field or a
// dialog is open.
import { useEffect } from "react";
import { useDialogs } from "../../state/dialogs";

/** The new-memo editor's textarea carries this attribute, so `n` can find it. */
export const NEW_MEMO_EDITOR_ATTRIBUTE = "data-new-memo-editor";
/** A list's "Select" button (bulk edits) carries this attribute, so `s` can find it. */
export const SELECT_MODE_ATTRIBUTE = "data-select-memos";

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || Boolean(target.closest("input, textarea, select")));

function focusField(selector: string): boolean {
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
  if (!field || field.getClientRects().length === 0) return false;
  field.focus();
  if (field instanceof HTMLTextAreaElement) field.setSelectionRange(field.value.length, field.value.length);
  else field.select();
  return true;
}

function clickButton(selector: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(selector);
  if (!button || button.getClientRects().length === 0) return false;
  button.click();
  return true;
}

export function useKeyboardShortcuts() {
  const push = useDialogs((state) => state.push);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      // Behind a modal the page is inert: its shortcuts wait until the dialog closes.
      if (document.querySelector("dialog[open], [aria-modal=true]")) return;
      const mod = event.ctrlKey || event.metaKey;
      let handled = false;
      if (mod && !event.shiftKey && event.key.toLowerCase() === "k") {
        handled = focusField("[role=search] input");
      } else if (!mod && !isTyping(event.target)) {
        if (event.key === "/") handled = focusField("[role=search] input");
        else if (event.key === "n" || event.key === "N") handled = !event.shiftKey && focusField(`textarea[${NEW_MEMO_EDITOR_ATTRIBUTE}]`);
        else if (event.key === "s" || event.key === "S") handled = !event.shiftKey && clickButton(`[${SELECT_MODE_ATTRIBUTE}]`);
        else if (event.key === "?") {
          push("keyboard-shortcuts");
          handled = true;
        }
      }
      if (handled) event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [push]);
}
