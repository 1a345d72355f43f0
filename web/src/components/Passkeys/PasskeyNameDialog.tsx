// A passkey's name: asked before adding one (then the browser's own prompt follows), and to rename one.
import { MAX_PASSKEY_NAME_LENGTH } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

export function PasskeyNameDialog({
  open,
  title,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [empty, setEmpty] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(initial);
    setEmpty(false);
  }, [open, initial]);

  const submit = () => {
    if (!name.trim()) return setEmpty(true);
    return onSubmit(name.trim());
  };

  return (
    <FormDialog open={open} onClose={onClose} title={title} size="sm" submitLabel={submitLabel} onSubmit={submit}>
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
    </FormDialog>
  );
}
