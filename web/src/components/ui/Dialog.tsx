// A modal dialog on the native <dialog> (focus trap, Esc, top layer); a full-screen sheet on phones.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./Button";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Width on larger screens. */
  size?: "sm" | "md" | "lg";
  className?: string;
  /** What Esc does instead of closing (a mode inside the dialog to leave first). */
  onEscape?: () => void;
}

const SIZES = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-3xl" };

export function Dialog({ open, onClose, title, children, footer, size = "md", className = "", onEscape }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      // React's autoFocus fires while the dialog is still closed (so it does nothing) and renders no
      // attribute for showModal to find; mark the first field with data-autofocus instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // Esc closes only the top dialog: React would hand this event on to a dialog that renders this one.
        event.stopPropagation();
        (onEscape ?? onClose)();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-full border border-zinc-200 bg-white p-0 text-zinc-800 backdrop:bg-black/40 sm:rounded-xl dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 max-sm:h-dvh max-sm:max-h-none max-sm:max-w-none max-sm:border-0 ${SIZES[size]} ${className}`}
    >
      <div className="flex max-h-[inherit] flex-col max-sm:h-full sm:max-h-[85dvh]">
        <header className="flex items-center justify-between gap-2 border-b border-zinc-100 px-4 py-2.5 dark:border-zinc-700">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {title}
          </h2>
          <IconButton label={t("common.close")} onClick={onClose}>
            <X className="size-4" aria-hidden />
          </IconButton>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
        {footer ? (
          <footer className="flex justify-end gap-2 border-t border-zinc-100 px-4 py-2.5 dark:border-zinc-700">{footer}</footer>
        ) : null}
      </div>
    </dialog>
  );
}
