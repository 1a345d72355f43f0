// Creating a tag: a name checked with the wire's rule (`#name` must be exactly one tag), and suggestions
// taken from the user's memos (GET /api/tag/suggestion), each one click away.
import { INPUT_LIMITS, isValidTagName } from "@memos/common";
import { Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTagMutations, useTagSuggestions } from "../../queries/sidebar";
import { FormDialog } from "../ui/FormDialog";

export function CreateTagDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { data: suggestions } = useTagSuggestions(open);
  const { create } = useTagMutations();
  const inputId = useId();
  const errorId = useId();
  const valid = (suggestions ?? []).filter(isValidTagName);

  useEffect(() => {
    if (!open) return;
    setName("");
    setError(null);
  }, [open]);

  const createTag = async (tag: string) => {
    try {
      await create.mutateAsync(tag);
      return true;
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
      return false;
    }
  };

  const submit = async () => {
    const tag = name.trim().replace(/^#/, "");
    if (!isValidTagName(tag)) {
      setError(t("tag-list.invalid-name"));
      return;
    }
    if (await createTag(tag)) onClose();
  };

  const saveAll = async () => {
    for (const tag of valid) {
      if (!(await createTag(tag))) return;
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("tag-list.create")}
      onSubmit={submit}
      aside={
        valid.length ? (
          <section className="mt-4" aria-labelledby={`${inputId}-suggestions`}>
            <div className="mb-2 flex items-center justify-between">
              <h3 id={`${inputId}-suggestions`} className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
                {t("tag-list.suggestions")}
              </h3>
              <button
                type="button"
                onClick={() => void saveAll()}
                className="h-8 rounded-md px-2 text-sm text-accent hover:bg-green-50 dark:text-green-400 dark:hover:bg-green-950"
              >
                {t("tag-list.save-all")}
              </button>
            </div>
            <ul className="flex flex-wrap gap-2">
              {valid.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    onClick={() => void createTag(tag)}
                    aria-label={t("tag-list.add-suggestion", { tag })}
                    className="inline-flex h-8 items-center gap-1 rounded-full border border-zinc-200 px-2.5 text-sm text-tag hover:border-blue-300 hover:bg-blue-50 dark:border-zinc-700 dark:text-blue-400 dark:hover:bg-blue-950"
                  >
                    <Plus className="size-3.5" aria-hidden />#{tag}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t("tag-list.name")}
        </label>
        <div className="flex h-10 items-center rounded-lg border border-zinc-300 bg-white focus-within:border-accent focus-within:ring-1 focus-within:ring-accent dark:border-zinc-600 dark:bg-zinc-900">
          <span className="pl-3 text-zinc-400" aria-hidden>
            #
          </span>
          <input
            id={inputId}
            data-autofocus
            value={name}
            maxLength={INPUT_LIMITS.tag}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            placeholder={t("tag-list.name-placeholder")}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            // The wrapper shows the focus ring around the # and the input together.
            style={{ outline: "none" }}
            className="h-full min-w-0 flex-1 bg-transparent px-1 text-sm"
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
