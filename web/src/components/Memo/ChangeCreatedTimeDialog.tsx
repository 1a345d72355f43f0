// Change a memo's created time (lazy): a local date-time, never in the future.
import type { Memo } from "@memos/common";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePatchMemo } from "../../queries/memos";
import { toast } from "../../state/toast";
import { parseCreatedTime, toDatetimeLocal } from "../../utils/time";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";

export default function ChangeCreatedTimeDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => toDatetimeLocal(memo.createdTs * 1000));
  const patch = usePatchMemo();

  const save = async () => {
    const createdTs = parseCreatedTime(value);
    if (createdTs === null) {
      toast.error(t("message.invalid-created-datetime"));
      return;
    }
    try {
      await patch.mutateAsync({ id: memo.id, patch: { createdTs } });
      toast.success(t("message.created-datetime-changed"));
      onClose();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t("memo.change-created-time")}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button variant="primary" disabled={patch.isPending} onClick={() => void save()}>
            {t("common.save")}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          label={t("memo.created-time")}
          type="datetime-local"
          step={1}
          value={value}
          max={toDatetimeLocal(Date.now())}
          onChange={setValue}
        />
      </form>
    </Dialog>
  );
}
