// The dialog stack: sidebar entries push a dialog by name; the dialogs themselves render it.
import { create } from "zustand";

export type DialogName =
  | "daily-review"
  | "resources"
  | "setting"
  | "archived"
  | "trash"
  | "calendar"
  | "inbox"
  | "about"
  | "keyboard-shortcuts";

/** What every dialog on the stack receives (components/dialogs/DialogHost.tsx renders them). */
export interface StackDialogProps {
  onClose: () => void;
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
