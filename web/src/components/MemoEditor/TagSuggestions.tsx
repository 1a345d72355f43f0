// The tag autocomplete's list under the editor's text: the matching tags with their memo counts, counted as the
// sidebar counts them (a parent with the tags under it, and saying so).
import { useTranslation } from "react-i18next";
import type { SuggestedTag } from "./useTagAutocomplete";

interface Props {
  id: string;
  options: SuggestedTag[];
  active: number;
  optionId: (index: number) => string;
  onPick: (name: string) => void;
}

export function TagSuggestions({ id, options, active, optionId, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <div className="relative">
      <ul
        id={id}
        role="listbox"
        aria-label={t("daily.tag-suggestions")}
        className="absolute top-0 left-3 z-30 max-h-64 w-64 max-w-[calc(100%-1.5rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-800"
      >
        {options.map((option, index) => (
          <li
            key={option.name}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the textarea: the pick happens on mouse down.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(option.name);
            }}
            className={`flex min-h-10 cursor-pointer items-center justify-between gap-3 px-3 text-sm sm:min-h-8 ${
              index === active ? "bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-200" : "text-zinc-700 dark:text-zinc-200"
            }`}
          >
            <span className="truncate">#{option.name}</span>
            <span className="shrink-0 text-xs tabular-nums text-zinc-600 dark:text-zinc-300" aria-hidden>
              {option.count}
            </span>
            <span className="sr-only">{t(option.subtree ? "daily.tag-subtree-memos" : "daily.tag-memos", { count: option.count })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
