// Select mode (bulk edits): a checkbox over a whole memo card, its box in the corner where the card's menu is.
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * Lies over the card (its links and menu are out of reach meanwhile): a click, Space or Enter toggles the memo; with
 * Shift, the range from the last memo clicked. `label` names the memo (its time), `describedBy` its content.
 */
export function SelectOverlay({
  label,
  describedBy,
  selected,
  onToggle,
}: {
  label: string;
  describedBy: string;
  selected: boolean;
  onToggle: (range: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      aria-label={t("bulk.select-memo", { time: label })}
      aria-describedby={describedBy}
      onClick={(event) => onToggle(event.shiftKey)}
      onKeyDown={(event) => {
        if (event.key !== " " && event.key !== "Enter") return;
        event.preventDefault();
        onToggle(event.shiftKey);
      }}
      className="absolute inset-0 z-10 cursor-pointer rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-900"
    >
      <span
        aria-hidden
        className={`absolute top-3 right-3 flex size-5 items-center justify-center rounded border-2 ${
          selected ? "border-green-600 bg-green-600 text-white" : "border-zinc-500 bg-white dark:border-zinc-400 dark:bg-zinc-800"
        }`}
      >
        {selected ? <Check className="size-3.5" strokeWidth={3} /> : null}
      </span>
    </button>
  );
}
