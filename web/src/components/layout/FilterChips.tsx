// The active memo filters as removable chips, with "Clear all". Renders nothing when no filter is set.
import { DAILY_TIMESTAMP } from "@memos/common";
import { Bookmark, CalendarDays, Eye, Hash, Search, Shapes, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useShortcuts } from "../../queries/sidebar";
import { hasFilter, type MemoFilterState, useFilter } from "../../state/filter";
import { formatDate } from "../../utils/time";

interface Chip {
  key: keyof MemoFilterState;
  icon: ReactNode;
  label: string;
}

/** One day shows as its date; a longer span as "from – to" (to is exclusive); in the reader's language. */
function durationLabel(duration: { from: number; to: number }, language: string): string {
  const from = formatDate(duration.from, language, "date");
  if (duration.to - duration.from <= DAILY_TIMESTAMP) return from;
  return `${from} – ${formatDate(duration.to - 1, language, "date")}`;
}

/**
 * The search chip's words, quoted once: `abc` reads “abc”; a search that is one quoted phrase (`"exact words"`) keeps
 * its own quotes as typographic ones, not inside a second pair; one with quotes inside shows as typed.
 */
function searchChipLabel(text: string): string {
  const phrase = /^"([^"]*)"$/.exec(text.trim());
  if (phrase) return `“${phrase[1]}”`;
  return text.includes('"') ? text : `“${text}”`;
}

export function FilterChips() {
  const { t, i18n } = useTranslation();
  const { filter, update, clear } = useFilter();
  const { data: shortcuts } = useShortcuts(filter.shortcutId !== undefined);
  if (!hasFilter(filter)) return null;

  const icon = "size-3.5 shrink-0";
  const chips: Chip[] = [];
  if (filter.shortcutId !== undefined) {
    const shortcut = shortcuts?.find((entry) => entry.id === filter.shortcutId);
    chips.push({ key: "shortcutId", icon: <Bookmark className={icon} />, label: shortcut?.title ?? t("filter.shortcut") });
  }
  if (filter.tag) chips.push({ key: "tag", icon: <Hash className={icon} />, label: filter.tag });
  if (filter.type) chips.push({ key: "type", icon: <Shapes className={icon} />, label: t(`filter.value.${filter.type}`) });
  if (filter.duration)
    chips.push({ key: "duration", icon: <CalendarDays className={icon} />, label: durationLabel(filter.duration, i18n.language) });
  if (filter.visibility) chips.push({ key: "visibility", icon: <Eye className={icon} />, label: t(`filter.value.${filter.visibility}`) });
  if (filter.text) chips.push({ key: "text", icon: <Search className={icon} />, label: searchChipLabel(filter.text) });

  return (
    <div role="group" aria-label={t("filter.active")} className="mb-3 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <span
          key={chip.key}
          className={`inline-flex h-8 max-w-full items-center gap-1 rounded-full border bg-white pr-0.5 pl-2.5 text-sm dark:bg-zinc-800 ${
            chip.key === "tag"
              ? "border-blue-200 text-tag dark:border-blue-900 dark:text-blue-400"
              : "border-zinc-200 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
          }`}
        >
          <span aria-hidden className="contents">
            {chip.icon}
          </span>
          <span className="min-w-0 truncate">{chip.label}</span>
          <button
            type="button"
            onClick={() => update({ [chip.key]: undefined })}
            aria-label={t("filter.remove", { name: chip.label })}
            className="flex size-7 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-700 dark:hover:text-zinc-200"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={() => clear()}
        className="h-8 rounded-full px-2 text-sm text-zinc-600 underline-offset-2 hover:text-zinc-800 hover:underline dark:text-zinc-400 dark:hover:text-zinc-200"
      >
        {t("filter.clear-all")}
      </button>
    </div>
  );
}
