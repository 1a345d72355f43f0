// Top-centre toasts (a click dismisses one; one with an action shows its button instead). The stack is a manual
// popover so it sits in the top layer: a toast raised while a modal dialog is open shows above the dialog and its
// backdrop instead of dimmed beneath them. A modal dialog makes everything outside it inert, so while one is open the
// stack lives inside the topmost one: its Undo can be clicked there too.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useToasts } from "../../state/toast";

const TONE = {
  success: "border-green-600/30 text-green-700 dark:text-green-400",
  error: "border-red-600/30 text-red-700 dark:text-red-400",
  info: "border-zinc-300 text-zinc-700 dark:border-zinc-600 dark:text-zinc-200",
};

/** The topmost open modal dialog, or null: dialogs open, close and unmount without telling the toaster. */
function topModal(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>("dialog[open]");
  for (let index = open.length - 1; index >= 0; index--) {
    const dialog = open[index]!;
    if (isModal(dialog)) return dialog;
  }
  return null;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(":modal");
  } catch {
    // A DOM without the selector (the unit tests' jsdom) opens every dialog as a modal one.
    return true;
  }
}

function watchDialogs(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  return () => observer.disconnect();
}

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  const stack = useRef<HTMLDivElement>(null);
  const modal = useSyncExternalStore(watchDialogs, topModal);

  // Re-entering the top layer puts the stack above any dialog opened since.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new host (modal) is a new stack element to show
  useEffect(() => {
    const element = stack.current;
    // A dialog that closed in the same commit took the stack with it: the watcher moves it out again at once.
    if (!element?.isConnected || typeof element.showPopover !== "function" || toasts.length === 0) return;
    if (element.matches(":popover-open")) element.hidePopover();
    element.showPopover();
  }, [toasts, modal]);

  const view = (
    <div
      ref={stack}
      popover="manual"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 bottom-auto z-[100] m-0 flex h-fit w-full flex-col items-center gap-2 overflow-visible border-0 bg-transparent px-3 py-0"
    >
      {toasts.map((toast) =>
        toast.action ? (
          // A toast with an action is not one button: its message, then the action's button.
          <div
            key={toast.id}
            role="status"
            className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg border bg-white py-1 pr-1 pl-4 text-sm shadow-sm dark:bg-zinc-800 ${TONE[toast.kind]}`}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              onClick={() => {
                dismiss(toast.id);
                toast.action!.run();
              }}
              className="min-h-8 rounded-md px-2 font-semibold text-zinc-800 underline-offset-2 hover:underline max-sm:min-h-10 dark:text-zinc-100"
            >
              {toast.action.label}
            </button>
          </div>
        ) : (
          // The live region holds the button (a button's own role cannot be a status: it would lose its name).
          <div key={toast.id} role={toast.kind === "error" ? "alert" : "status"} className="pointer-events-auto max-w-md">
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className={`rounded-lg border bg-white px-4 py-2 text-left text-sm shadow-sm dark:bg-zinc-800 ${TONE[toast.kind]}`}
            >
              {toast.message}
            </button>
          </div>
        ),
      )}
    </div>
  );
  return modal ? createPortal(view, modal) : view;
}
