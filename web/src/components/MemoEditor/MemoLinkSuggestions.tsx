// The `[[` picker's list under the editor's text: the matching memos, first line and time.
import type { Memo } from "@memos/common";
import { useTranslation } from "react-i18next";
import { formatMemoTime } from "../../utils/time";
import { firstLine } from "./memoLinkComplete";

interface Props {
  id: string;
  options: Memo[];
  active: number;
  optionId: (index: number) => string;
  onPick: (memo: Memo) => void;
}

export function MemoLinkSuggestions({ id, options, active, optionId, onPick }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div className="relative">
      <ul
        id={id}
        role="listbox"
        aria-label={t("memo-links.picker")}
        className="absolute top-0 left-3 z-30 max-h-72 w-80 max-w-[calc(100%-1.5rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-800"
      >
        {options.map((memo, index) => (
          <li
            key={memo.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the textarea: the pick happens on mouse down.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(memo);
            }}
            className={`flex min-h-10 cursor-pointer items-center justify-between gap-3 px-3 text-sm sm:min-h-8 ${
              index === active ? "bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-200" : "text-zinc-700 dark:text-zinc-200"
            }`}
          >
            <span className="truncate">{firstLine(memo.content) || `#${memo.id}`}</span>
            <span className="shrink-0 text-xs tabular-nums text-zinc-600 dark:text-zinc-300">
              {formatMemoTime(memo.displayTs * 1000, Date.now(), i18n.language)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
