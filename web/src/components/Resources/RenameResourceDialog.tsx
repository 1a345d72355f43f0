// Renames a resource. The wire's filename rule is checked here first ("Invalid filename."), then by the server.
import { INPUT_LIMITS, type Resource } from "@memos/common";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
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
  const stemSelected = useRef(false);

  const submit = async () => {
    const check = checkRename(resource.filename, value);
    if (check.kind === "unchanged") return onClose();
    if (check.kind === "invalid") return setError(t(check.messageKey));
    if (await onRename(resource, check.filename)) onClose();
  };

  return (
    <FormDialog onClose={onClose} size="sm" title={t("resources.rename-title")} onSubmit={submit}>
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
    </FormDialog>
  );
}
