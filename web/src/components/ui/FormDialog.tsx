// A dialog holding one form: its fields, then Cancel and the submit button in the footer. Enter or the button sends
// it once (a second press while the first is under way is ignored, and the button waits); a field's problem is said
// under that field (Field's `error`), one about the whole form under the fields.
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Dialog, type DialogProps } from "./Dialog";
import { useRestoreFocus } from "./useRestoreFocus";

export interface FormDialogProps extends Pick<DialogProps, "onClose" | "title" | "size"> {
  /** Absent: open while mounted. */
  open?: boolean;
  /**
   * Sends the form (the page does not reload). While the promise it may return runs, the form is busy. It says its own
   * failures (a field's error, or the mutation cache's toast) and does not reject.
   */
  onSubmit: () => unknown;
  /** The submit button's words; Save when absent. */
  submitLabel?: string;
  /** Red, for a form that takes something away (turning two-factor sign-in off). */
  danger?: boolean;
  /** Nothing to send yet (the form's own rule, not a write under way). */
  submitDisabled?: boolean;
  /** What is wrong with the form as a whole, said under its fields. */
  error?: string | null;
  /** A button at the footer's start (restore the defaults). */
  extraAction?: ReactNode;
  /** Under the form, outside it (suggestions to pick from). */
  aside?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

export function FormDialog({
  open = true,
  onClose,
  title,
  size,
  onSubmit,
  submitLabel,
  danger = false,
  submitDisabled = false,
  error,
  extraAction,
  aside,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  // State updates land after the event; a second Enter in the same moment reads this instead.
  const sending = useRef(false);
  useRestoreFocus(open);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || submitDisabled) return;
    sending.current = true;
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          {extraAction ? <div className="mr-auto">{extraAction}</div> : null}
          <Button variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} variant={danger ? "danger" : "primary"} disabled={busy || submitDisabled}>
            {submitLabel ?? t("common.save")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-busy={busy || undefined} onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {children}
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
      {aside}
    </Dialog>
  );
}
