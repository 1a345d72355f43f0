// A monospace editor for the additional style or script, saved with its own button.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageCodeSettingName } from "@memos/common";
import { useSystemSettingMutation } from "../../queries/settings";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";

interface CodeSettingEditorProps {
  name: PageCodeSettingName;
  label: string;
  hint: string;
  placeholder: string;
  /** The saved value from the status. */
  saved: string;
  successMessage: string;
  /** Why this viewer may only read it (shown instead of the save button). */
  readOnlyReason?: string;
}

export function CodeSettingEditor({ name, label, hint, placeholder, saved, successMessage, readOnlyReason }: CodeSettingEditorProps) {
  const { t } = useTranslation();
  const save = useSystemSettingMutation();
  const [value, setValue] = useState(saved);
  const id = useId();
  const hintId = useId();

  // A fresh status (saved elsewhere, or refetched) replaces the text unless it is being edited.
  const [base, setBase] = useState(saved);
  useEffect(() => {
    if (saved === base) return;
    if (value === base) setValue(saved);
    setBase(saved);
  }, [saved, base, value]);

  const submit = async () => {
    try {
      await save.mutateAsync({ name, value });
      toast.success(successMessage);
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const changed = value !== saved;
  return (
    <div className="flex flex-col gap-1.5 border-b border-zinc-100 p-3 last:border-b-0 dark:border-zinc-700/70">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-100">
          {label}
        </label>
        {readOnlyReason ? null : (
          <Button variant="primary" disabled={!changed || save.isPending} onClick={() => void submit()}>
            {t("common.save")}
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {readOnlyReason ?? hint}
      </p>
      <textarea
        id={id}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if ((event.metaKey || event.ctrlKey) && event.key === "Enter" && changed && !readOnlyReason) void submit();
        }}
        placeholder={readOnlyReason ? undefined : placeholder}
        rows={5}
        readOnly={Boolean(readOnlyReason)}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        className="min-h-24 w-full resize-y rounded-lg border border-zinc-300 bg-zinc-50 px-2.5 py-2 font-mono text-xs leading-5 text-zinc-800 placeholder:text-zinc-400 focus:border-accent focus:outline-none dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
    </div>
  );
}
