// A month calendar of the signed-in user's memos: each day with how many memos it holds (by the user's display
// time, created or updated, as the server's stats count them), one month asked at a time. Choosing a day closes
// the calendar and filters the list to that day. One tab stop; arrows move by day and week, Page Up / Page Down
// by month.
import { DAILY_TIMESTAMP } from "@memos/common";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useMe } from "../../queries/session";
import { useMemoStats } from "../../queries/sidebar";
import { type StackDialogProps, useDialogs } from "../../state/dialogs";
import { filterToParams, parseFilter } from "../../state/filter";
import { formatDate } from "../../utils/time";
import { addLocalDays, startOfLocalDay } from "../Sidebar/heatmap";
import { IconButton } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { addMonths, buildMonth, type CalendarDay, firstDayOfWeek, monthStart } from "./calendarMonth";
import { searchWith } from "./useDialogHistory";

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export default function CalendarDialog({ onClose }: StackDialogProps) {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const stack = useDialogs((state) => state.stack);
  const chosen = parseFilter(params).duration?.from;
  const [focusDate, setFocusDate] = useState(() => startOfLocalDay(chosen ?? Date.now()));
  const start = monthStart(focusDate);
  const end = addMonths(start, 1);
  const { data: stats } = useMemoStats(me?.id, Math.floor(start / 1000), Math.floor(end / 1000));
  const weekStart = firstDayOfWeek(i18n.language);
  const weeks = useMemo(() => buildMonth(start, stats ?? [], weekStart), [start, stats, weekStart]);
  const grid = useRef<HTMLDivElement>(null);
  const today = startOfLocalDay(Date.now());
  const total = weeks.flat().reduce((sum, day) => sum + (day?.count ?? 0), 0);

  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: "short" });
    // 2026-03-01 was a Sunday.
    return Array.from({ length: 7 }, (_, i) => format.format(new Date(2026, 2, 1 + ((weekStart + i) % 7))));
  }, [i18n.language, weekStart]);
  const monthTitle = new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric" }).format(start);

  const moveTo = (date: number) => {
    setFocusDate(date);
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(addLocalDays(focusDate, step));
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      event.preventDefault();
      const month = addMonths(monthStart(focusDate), event.key === "PageUp" ? -1 : 1);
      moveTo(Math.min(addLocalDays(month, new Date(focusDate).getDate() - 1), addLocalDays(addMonths(month, 1), -1)));
    }
  };

  /** The day's filter on the page, and the calendar closed, in one step of the history (Back undoes both). */
  const choose = (day: CalendarDay) => {
    const filtered = filterToParams({ ...parseFilter(params), duration: { from: day.date, to: day.date + DAILY_TIMESTAMP } }, params);
    const rest = stack.filter((name) => name !== "calendar");
    navigate({ search: searchWith(filtered.toString(), rest), hash: location.hash }, { replace: true, state: location.state });
  };

  return (
    <Dialog open onClose={onClose} title={t("calendar.title")} size="sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <IconButton label={t("calendar.previous")} onClick={() => setFocusDate(addMonths(start, -1))}>
          <ChevronLeft className="size-4" aria-hidden />
        </IconButton>
        <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-100" aria-live="polite">
          {monthTitle}
          <span className="ml-2 font-normal text-zinc-600 dark:text-zinc-400">{t("calendar.month-count", { count: total })}</span>
        </h3>
        <IconButton label={t("calendar.next")} onClick={() => setFocusDate(addMonths(start, 1))}>
          <ChevronRight className="size-4" aria-hidden />
        </IconButton>
      </div>
      <div role="grid" aria-label={monthTitle} ref={grid} onKeyDown={onKeyDown} className="flex flex-col gap-1">
        <div role="row" className="grid grid-cols-7 gap-1">
          {weekdays.map((name) => (
            <span key={name} role="columnheader" className="text-center text-xs text-zinc-600 dark:text-zinc-400">
              {name}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week.find(Boolean)?.date} role="row" className="grid grid-cols-7 gap-1">
            {week.map((day, index) =>
              day ? (
                <span key={day.date} role="gridcell">
                  <button
                    type="button"
                    data-date={day.date}
                    tabIndex={day.date === focusDate || (!weeks.flat().some((d) => d?.date === focusDate) && day.day === 1) ? 0 : -1}
                    aria-label={t("sidebar.heatmap-cell", { count: day.count, date: formatDate(day.date, i18n.language, "day") })}
                    aria-pressed={chosen === day.date}
                    onFocus={() => setFocusDate(day.date)}
                    onClick={() => choose(day)}
                    className={`flex h-11 w-full flex-col items-center justify-center rounded-lg text-sm tabular-nums transition-colors duration-200 hover:bg-zinc-100 dark:hover:bg-zinc-700/60 ${
                      chosen === day.date ? "ring-2 ring-zinc-800 dark:ring-zinc-100" : day.date === today ? "ring-1 ring-accent" : ""
                    } ${day.count > 0 ? "bg-green-50 font-semibold text-zinc-900 dark:bg-green-900/30 dark:text-zinc-100" : "text-zinc-600 dark:text-zinc-400"}`}
                  >
                    {day.day}
                    <span
                      aria-hidden
                      className={`text-[10px] leading-3 ${day.count > 0 ? "text-green-700 dark:text-green-400" : "text-transparent"}`}
                    >
                      {day.count > 0 ? day.count : "·"}
                    </span>
                  </button>
                </span>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blanks of a week are a fixed run
                <span key={`blank-${index}`} role="gridcell" aria-hidden />
              ),
            )}
          </div>
        ))}
      </div>
    </Dialog>
  );
}
