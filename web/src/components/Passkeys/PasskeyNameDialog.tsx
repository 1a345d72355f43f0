// A passkey's name: asked before adding one (then the browser's own prompt follows), and to rename one.
import { MAX_PASSKEY_NAME_LENGTH } from "@memos/common";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../ui/Field";
import { useRestoreFocus } from "../Settings/useRestoreFocus";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

export function PasskeyNameDialog({
  open,
  title,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (name: string) => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [empty, setEmpty] = useState(false);
  const formId = useId();
  useRestoreFocus(open);

  useEffect(() => {
    if (!open) return;
    setName(initial);
    setEmpty(false);
  }, [open, initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setEmpty(true);
    void onSubmit(name.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Field
          label={t("passkeys.name")}
          value={name}
          maxLength={MAX_PASSKEY_NAME_LENGTH}
          placeholder={t("passkeys.name-placeholder")}
          onChange={(value) => {
            setName(value);
            setEmpty(false);
          }}
          error={empty ? t("passkeys.name-required") : null}
          data-autofocus
        />
      </form>
    </Dialog>
  );
}
