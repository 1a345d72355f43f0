// Renders the dialog stack (state/dialogs.ts): each dialog (in its feature's folder: Trash/, Inbox/…) loads lazily by
// name, closes on Esc or its close button (or the browser's Back: useDialogHistory), and leaves the stack; focus then
// returns to whatever opened it.
import { lazy, Suspense, useLayoutEffect, useRef, type ComponentType, type LazyExoticComponent } from "react";
import { withAllStrings } from "../../i18n";
import { type DialogName, dialogKind, type PlainDialogName, type StackDialogProps, useDialogs } from "../../state/dialogs";
import { useDialogHistory } from "./useDialogHistory";

const DIALOGS: Record<PlainDialogName | "history", LazyExoticComponent<ComponentType<StackDialogProps>>> = {
  setting: lazy(withAllStrings(() => import("../Settings/SettingDialog"))),
  resources: lazy(withAllStrings(() => import("../Resources/ResourcesDialog"))),
  archived: lazy(withAllStrings(() => import("../Archive/ArchivedDialog"))),
  trash: lazy(withAllStrings(() => import("../Trash/TrashDialog"))),
  calendar: lazy(withAllStrings(() => import("../Calendar/CalendarDialog"))),
  inbox: lazy(withAllStrings(() => import("../Inbox/InboxDialog"))),
  "daily-review": lazy(withAllStrings(() => import("../DailyReview/DailyReviewDialog"))),
  about: lazy(withAllStrings(() => import("../About/AboutDialog"))),
  "keyboard-shortcuts": lazy(withAllStrings(() => import("../keyboard/KeyboardShortcutsDialog"))),
  history: lazy(withAllStrings(() => import("../History/MemoHistoryDialog"))),
};

export function DialogHost() {
  useDialogHistory();
  const stack = useDialogs((state) => state.stack);
  const remove = useDialogs((state) => state.remove);
  const openers = useRef(new Map<DialogName, HTMLElement>());

  // A dialog leaves the DOM without <dialog>.close(), so the browser does not restore focus; we do.
  useLayoutEffect(() => {
    const known = openers.current;
    for (const name of stack) {
      if (!known.has(name) && document.activeElement instanceof HTMLElement) known.set(name, document.activeElement);
    }
    for (const [name, opener] of known) {
      if (stack.includes(name)) continue;
      known.delete(name);
      if (opener.isConnected) opener.focus();
    }
  }, [stack]);

  return (
    <>
      {stack.map((name) => {
        const { kind, memoId } = dialogKind(name);
        const Dialog = DIALOGS[kind];
        // One boundary each, so loading a dialog never hides the ones already open.
        return (
          <Suspense key={name} fallback={null}>
            <Dialog onClose={() => remove(name)} memoId={memoId} />
          </Suspense>
        );
      })}
    </>
  );
}
