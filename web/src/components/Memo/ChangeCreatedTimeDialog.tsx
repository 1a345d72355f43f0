// Change a memo's created time (lazy): a local date-time, never in the future.
import type { Memo } from "@memos/common";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePatchMemo } from "../../queries/memos";
import { toast } from "../../state/toast";
import { parseCreatedTime, toDatetimeLocal } from "../../utils/time";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

export default function ChangeCreatedTimeDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => toDatetimeLocal(memo.createdTs * 1000));
  const [invalid, setInvalid] = useState(false);
  const patch = usePatchMemo();

  const save = async () => {
    const createdTs = parseCreatedTime(value);
    if (createdTs === null) return setInvalid(true);
    try {
      await patch.mutateAsync({ id: memo.id, patch: { createdTs } });
      toast.success(t("message.created-datetime-changed"));
      onClose();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <FormDialog onClose={onClose} size="sm" title={t("memo.change-created-time")} onSubmit={save}>
      <Field
        label={t("memo.created-time")}
        type="datetime-local"
        step={1}
        value={value}
        max={toDatetimeLocal(Date.now())}
        onChange={(next) => {
          setValue(next);
          setInvalid(false);
        }}
        error={invalid ? t("message.invalid-created-datetime") : null}
      />
    </FormDialog>
  );
}
