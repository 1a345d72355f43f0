// Renaming a tag (and the tags under it), or merging it into one the user has: the new name, what it would change
// (the server's dry run, asked as the name is typed), then Rename. Each memo keeps its former text in its history.
import { INPUT_LIMITS, isValidTagName, readsAsTag } from "@memos/common";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useTagRename, useTagRenamePreview } from "../../queries/tagRename";
import { toast } from "../../state/toast";
import { FormDialog } from "../ui/FormDialog";

export interface RenameTagDialogProps {
  tag: string;
  onClose: () => void;
  /** After the rename, with the old and the new name. */
  onRenamed: (from: string, to: string) => void;
}

/** The name as typed, without a leading `#` and surrounding space. */
const nameOf = (value: string) => value.trim().replace(/^#/, "");

/** `value` once it has stayed the same for `ms`: the preview is asked for a name, not for every key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function RenameTagDialog({ tag, onClose, onRenamed }: RenameTagDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(tag);
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();
  const statusId = useId();
  const name = nameOf(value);
  const valid = isValidTagName(name) && readsAsTag(name);
  const changed = name !== tag;
  const settled = useSettled(name, 250);
  const preview = useTagRenamePreview(tag, settled, valid && changed && settled === name);
  const rename = useTagRename();
  const ready = valid && changed && preview.data !== undefined && settled === name && !preview.isFetching;
  // The new name is a tag already: the button and the toast say Merge, not Rename.
  const merging = ready && preview.data!.merge;

  const submit = async () => {
    try {
      await rename.mutateAsync({ from: tag, to: name });
      toast.success(t(merging ? "tag-list.merged" : "tag-list.renamed", { from: tag, to: name }));
      onRenamed(tag, name);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const counts = (data: { memos: number; shortcuts: number }) => ({
    memos: t("tag-list.rename-memos", { count: data.memos }),
    shortcuts: t("tag-list.rename-shortcuts", { count: data.shortcuts }),
  });

  let status: { text: string; alert: boolean };
  if (failure) status = { text: failure, alert: true };
  else if (name !== "" && !valid) status = { text: t("tag-list.invalid-name"), alert: true };
  else if (!changed || name === "") status = { text: t("tag-list.rename-hint", { tag }), alert: false };
  else if (preview.error && settled === name) status = { text: errorMessage(preview.error, t), alert: true };
  else if (!ready) status = { text: t("tag-list.rename-counting"), alert: false };
  else
    status = {
      text: t(preview.data!.merge ? "tag-list.rename-merge-preview" : "tag-list.rename-preview", { ...counts(preview.data!), to: name }),
      alert: false,
    };

  return (
    <FormDialog
      onClose={onClose}
      size="sm"
      title={t("tag-list.rename-title", { tag })}
      submitLabel={t(merging ? "tag-list.merge" : "tag-list.rename")}
      submitDisabled={!ready}
      onSubmit={submit}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-700 dark:text-zinc-200">
          {t("tag-list.rename-to")}
        </label>
        <div className="flex h-10 items-center rounded-lg border border-zinc-300 bg-white focus-within:border-accent focus-within:ring-1 focus-within:ring-accent dark:border-zinc-600 dark:bg-zinc-900">
          <span className="pl-3 text-zinc-400" aria-hidden>
            #
          </span>
          <input
            id={inputId}
            data-autofocus
            value={value}
            maxLength={INPUT_LIMITS.tag}
            onFocus={(event) => event.target.select()}
            onChange={(event) => {
              setValue(event.target.value);
              setFailure(null);
            }}
            aria-invalid={status.alert || undefined}
            aria-describedby={statusId}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            // The wrapper shows the focus ring around the # and the input together.
            style={{ outline: "none" }}
            className="h-full min-w-0 flex-1 bg-transparent px-1 text-sm"
          />
        </div>
        <p
          id={statusId}
          role={status.alert ? "alert" : "status"}
          className={`min-h-10 text-sm ${status.alert ? "text-red-600 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {status.text}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("tag-list.rename-history")}</p>
      </div>
    </FormDialog>
  );
}
