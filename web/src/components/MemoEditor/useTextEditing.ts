// Applies text edits to the editor's textarea (through the browser's undo stack when it can) and maps keys
// to the text operations: Ctrl/Cmd+Enter, B, I, E, K; Tab; Enter in lists; pairing in the powerful editor.
import { type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { applyEdit, autoPair, continueList, deletePair, indent, insertLink, type TextEdit, type TextState, toggleWrap } from "./textOps";

interface Options {
  textarea: RefObject<HTMLTextAreaElement | null>;
  content: string;
  setContent: (value: string) => void;
  powerful: boolean;
  onSave: () => void;
  onEscape?: () => void;
}

const WRAP_KEYS: Record<string, string> = { b: "**", i: "*", e: "`" };

export function useTextEditing({ textarea, content, setContent, powerful, onSave, onEscape }: Options) {
  const pendingSelection = useRef<[number, number] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a pending selection is applied once the new content is rendered
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.setSelectionRange(selection[0], selection[1]);
  }, [content, textarea]);

  const state = useCallback((): TextState => {
    const element = textarea.current!;
    return { value: element.value, start: element.selectionStart, end: element.selectionEnd };
  }, [textarea]);

  /** Applies an edit; execCommand keeps Ctrl+Z working, the fallback sets the value directly. */
  const apply = useCallback(
    (edit: TextEdit) => {
      const element = textarea.current;
      if (!element) return;
      const before = state();
      element.focus();
      let done = edit.from === edit.to && edit.insert === "";
      if (!done) {
        element.setSelectionRange(edit.from, edit.to);
        try {
          done = edit.insert ? document.execCommand("insertText", false, edit.insert) : document.execCommand("delete", false);
        } catch {
          done = false;
        }
        done = done && element.value === applyEdit(before, edit).value;
      }
      if (done) {
        element.setSelectionRange(edit.selectStart, edit.selectEnd);
        return;
      }
      const next = applyEdit(before, edit);
      pendingSelection.current = [next.start, next.end];
      setContent(next.value);
    },
    [setContent, state, textarea],
  );

  /** Runs a text operation against the current selection (the toolbar uses it too). */
  const run = useCallback(
    (operation: (current: TextState) => TextEdit | null): boolean => {
      if (!textarea.current) return false;
      const edit = operation(state());
      if (!edit) return false;
      apply(edit);
      return true;
    },
    [apply, state, textarea],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const mod = event.metaKey || event.ctrlKey;
    const key = event.key.toLowerCase();
    let handled = false;
    if (mod && event.key === "Enter") {
      onSave();
      handled = true;
    } else if (mod && !event.shiftKey && !event.altKey && WRAP_KEYS[key]) {
      handled = run((current) => toggleWrap(current, WRAP_KEYS[key]!));
    } else if (mod && !event.shiftKey && !event.altKey && key === "k") {
      handled = run(insertLink);
    } else if (event.key === "Tab" && !mod && !event.altKey && event.currentTarget.value !== "") {
      // An empty editor lets Tab move focus on, so keyboard users are never trapped.
      handled = run((current) => indent(current, event.shiftKey));
    } else if (event.key === "Enter" && !mod && !event.shiftKey && !event.altKey) {
      handled = run(continueList);
    } else if (event.key === "Escape" && onEscape) {
      onEscape();
      handled = true;
    } else if (powerful && event.key === "Backspace" && !mod && !event.altKey) {
      handled = run(deletePair);
    } else if (powerful && event.key.length === 1 && !mod && !event.altKey) {
      handled = run((current) => autoPair(current, event.key));
    }
    if (handled) event.preventDefault();
  };

  return { onKeyDown, run };
}
