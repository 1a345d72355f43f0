// Change a memo's created time (lazy): a local date-time, never in the future.
import type { Memo } from "@memos/common";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePatchMemo } from "../../queries/memos";
import { toast } from "../../state/toast";
import { parseCreatedTime, toDatetimeLocal } from "../../utils/time";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

export default function ChangeCreatedTimeDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
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
        <label htmlFor={inputId} className="mb-1.5 block text-sm text-zinc-600 dark:text-zinc-300">
          {t("memo.created-time")}
        </label>
        <input
          id={inputId}
          type="datetime-local"
          step={1}
          value={value}
          max={toDatetimeLocal(Date.now())}
          onChange={(event) => setValue(event.target.value)}
          className="h-9 w-full rounded-lg border border-zinc-300 bg-white px-2.5 text-sm dark:[color-scheme:dark] dark:border-zinc-600 dark:bg-zinc-900"
        />
      </form>
    </Dialog>
  );
}
