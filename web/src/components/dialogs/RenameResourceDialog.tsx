// Renames a resource. The wire's filename rule is checked here first ("Invalid filename."), then by the server.
import { INPUT_LIMITS, type Resource } from "@memos/common";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { checkRename } from "./resourceRules";

export interface RenameResourceDialogProps {
  resource: Resource;
  onRename: (resource: Resource, filename: string) => Promise<boolean>;
  onClose: () => void;
}

export default function RenameResourceDialog({ resource, onRename, onClose }: RenameResourceDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(resource.filename);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const stemSelected = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkRename(resource.filename, value);
    if (check.kind === "unchanged") return onClose();
    if (check.kind === "invalid") return setError(t(check.messageKey));
    setBusy(true);
    const done = await onRename(resource, check.filename);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t("resources.rename-title")}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {t("common.save")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field
          label={t("resources.filename")}
          data-autofocus
          value={value}
          maxLength={INPUT_LIMITS.filename}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          onFocus={(event) => {
            // On opening, select the name without its extension, as file managers do; later focus (say
            // after "Invalid filename.") keeps whatever the user selects, so typing over it all works.
            if (stemSelected.current) return;
            stemSelected.current = true;
            const dot = event.target.value.lastIndexOf(".");
            event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
          }}
          error={error}
          hint={t("resources.filename-hint")}
        />
      </form>
    </Dialog>
  );
}
