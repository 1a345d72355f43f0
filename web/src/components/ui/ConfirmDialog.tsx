// "Are you sure?" for destructive actions: the confirm button is red and the cancel button takes focus first.
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel?: string;
  /** May return a promise: the dialog waits for it. */
  onConfirm: () => unknown;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, body, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button data-autofocus variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" disabled={busy} onClick={confirm}>
            {confirmLabel ?? t("common.confirm")}
          </Button>
        </>
      }
    >
      {body ? <p className="text-sm text-zinc-600 dark:text-zinc-300">{body}</p> : null}
    </Dialog>
  );
}
