// The dialog stack: sidebar entries push a dialog by name; the dialogs themselves render it.
import { create } from "zustand";

/** The dialogs about nothing in particular, opened from the sidebar, the keyboard or a link. */
export type PlainDialogName =
  | "daily-review"
  | "resources"
  | "setting"
  | "archived"
  | "trash"
  | "calendar"
  | "inbox"
  | "about"
  | "keyboard-shortcuts";

/** A memo's history: named with the memo (`history-12`), so its address (`?dialog=history-12`) opens it. */
export type MemoHistoryDialogName = `history-${number}`;

export type DialogName = PlainDialogName | MemoHistoryDialogName;

export const memoHistoryDialog = (memoId: number): MemoHistoryDialogName => `history-${memoId}`;

const MEMO_HISTORY = /^history-([1-9]\d{0,9})$/;

/** Which dialog a name opens, and the memo it is about (a memo's history). */
export function dialogKind(name: DialogName): { kind: PlainDialogName | "history"; memoId?: number } {
  const history = MEMO_HISTORY.exec(name);
  return history ? { kind: "history", memoId: Number(history[1]) } : { kind: name as PlainDialogName };
}

/** Whether `text` names a memo's history dialog (an address's `?dialog=` is read through this). */
export const isMemoHistoryDialog = (text: string): text is MemoHistoryDialogName => MEMO_HISTORY.test(text);

/** What every dialog on the stack receives (components/dialogs/DialogHost.tsx renders them). */
export interface StackDialogProps {
  onClose: () => void;
  /** The memo a dialog about one memo is about (a memo's history). */
  memoId?: number;
}

interface DialogState {
  stack: DialogName[];
  push(name: DialogName): void;
  /** Closes the last opened dialog. */
  pop(): void;
  remove(name: DialogName): void;
}

export const useDialogs = create<DialogState>((set, get) => ({
  stack: [],
  push(name) {
    set({ stack: [...get().stack.filter((entry) => entry !== name), name] });
  },
  pop() {
    set({ stack: get().stack.slice(0, -1) });
  },
  remove(name) {
    set({ stack: get().stack.filter((entry) => entry !== name) });
  },
}));
