// Add or remove tags on the selected memos: a field of tag names (spaces or commas between them) and the tags to
// pick from — the user's tags to add, those of the selected memos on screen to remove.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
import { parseTagInput } from "./bulkTags";

export interface BulkTagDialogProps {
  mode: "addTags" | "removeTags";
  /** How many memos are selected. */
  count: number;
  /** Tags offered to pick. */
  suggestions: readonly string[];
  /** Resolves when the change is made (the dialog then closes), rejects to keep it open. */
  onSubmit: (tags: string[]) => Promise<unknown>;
  onClose: () => void;
}

const MOST_SUGGESTIONS = 24;

export default function BulkTagDialog({ mode, count, suggestions, onSubmit, onClose }: BulkTagDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [tried, setTried] = useState(false);
  const parsed = parseTagInput(text);
  const problem =
    parsed.invalid !== null
      ? t("bulk.tags-invalid", { tag: parsed.invalid })
      : tried && parsed.tags.length === 0
        ? t("bulk.tags-empty")
        : null;
  const memos = t("memo-list.count", { count });

  const pick = (tag: string) => {
    if (parsed.tags.includes(tag)) return;
    setText((current) => `${current.trim()} ${tag}`.trim());
  };

  const submit = async () => {
    setTried(true);
    if (parsed.invalid !== null || parsed.tags.length === 0) return;
    try {
      await onSubmit(parsed.tags);
      onClose();
    } catch {
      // The toast said why; the field keeps what was typed.
    }
  };

  const offered = suggestions.filter((tag) => !parsed.tags.includes(tag)).slice(0, MOST_SUGGESTIONS);
  return (
    <FormDialog
      onClose={onClose}
      size="sm"
      title={t(mode === "addTags" ? "bulk.add-tags-title" : "bulk.remove-tags-title", { memos })}
      submitLabel={t(mode === "addTags" ? "bulk.add-tags-apply" : "bulk.remove-tags-apply")}
      onSubmit={submit}
    >
      <Field
        label={t("bulk.tags-label")}
        data-autofocus
        value={text}
        onChange={setText}
        error={problem}
        hint={t("bulk.tags-hint")}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="work/q3 ideas"
      />
      {offered.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t(mode === "addTags" ? "bulk.your-tags" : "bulk.tags-in-selection")}</p>
          <ul className="flex flex-wrap gap-1.5">
            {offered.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  onClick={() => pick(tag)}
                  className="inline-flex min-h-8 items-center rounded-md bg-blue-50 px-2 text-sm text-blue-700 hover:bg-blue-100 max-sm:min-h-10 dark:bg-blue-500/15 dark:text-blue-300 dark:hover:bg-blue-500/25"
                >
                  #{tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FormDialog>
  );
}
