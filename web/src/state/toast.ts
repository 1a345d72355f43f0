// Toasts: top-centre messages that go away after 3 s and stack. One may carry an action (Undo): it stays 6 s, time
// enough to reach its button.
import { create } from "zustand";

/** A button in the toast: running it closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

interface Toast {
  id: number;
  kind: "success" | "error" | "info";
  message: string;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  push(kind: Toast["kind"], message: string, action?: ToastAction): void;
  dismiss(id: number): void;
}

let nextId = 1;
const DURATION_MS = 3000;
const WITH_ACTION_MS = 6000;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(kind, message, action) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, message, ...(action ? { action } : {}) }] });
    setTimeout(() => get().dismiss(id), action ? WITH_ACTION_MS : DURATION_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const toast = {
  success: (message: string, action?: ToastAction) => useToasts.getState().push("success", message, action),
  error: (message: string) => useToasts.getState().push("error", message),
  info: (message: string) => useToasts.getState().push("info", message),
};
