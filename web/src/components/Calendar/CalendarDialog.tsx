// A month calendar of the signed-in user's memos: each day with how many memos it holds (by the user's display
// time, created or updated, as the heat map counts them) and the opening words of its first memo, one request per
// month (GET /api/memo/calendar). On a phone the cells keep the count and the focused day's words show under the
// grid. Choosing a day closes the calendar and filters the list to that day. One tab stop; arrows move by day and
// week, Page Up / Page Down by month.
import { DAILY_TIMESTAMP } from "@memos/common";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useMe } from "../../queries/session";
import { useMemoCalendar } from "../../queries/calendar";
import { type StackDialogProps, useDialogs } from "../../state/dialogs";
import { filterToParams, parseFilter } from "../../state/filter";
import { formatDate } from "../../utils/time";
import { addLocalDays, startOfLocalDay } from "../Sidebar/heatmap";
import { IconButton } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { addMonths, buildMonth, type CalendarDay, firstDayOfWeek, monthBounds, monthStart } from "./calendarMonth";
import { searchWith } from "../dialogs/useDialogHistory";

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
  const bounds = useMemo(() => monthBounds(start), [start]);
  const { data: days } = useMemoCalendar(me?.id, bounds);
  const weekStart = firstDayOfWeek(i18n.language);
  const weeks = useMemo(() => buildMonth(start, days ?? [], weekStart), [start, days, weekStart]);
  const focused = weeks.flat().find((day) => day?.date === focusDate) ?? null;
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
    <Dialog open onClose={onClose} title={t("calendar.title")} size="lg">
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
                    className={`flex h-12 w-full flex-col items-stretch gap-0.5 overflow-hidden rounded-lg p-1 text-left text-sm tabular-nums transition-colors duration-200 hover:bg-zinc-100 sm:h-20 sm:p-1.5 dark:hover:bg-zinc-700/60 ${
                      chosen === day.date ? "ring-2 ring-zinc-800 dark:ring-zinc-100" : day.date === today ? "ring-1 ring-accent" : ""
                    } ${day.count > 0 ? "bg-green-50 text-zinc-900 dark:bg-green-900/30 dark:text-zinc-100" : "text-zinc-600 dark:text-zinc-400"}`}
                  >
                    <span className="flex items-baseline justify-between gap-1">
                      <span className={day.count > 0 ? "font-semibold" : ""}>{day.day}</span>
                      {day.count > 0 ? (
                        <span
                          aria-hidden
                          className="rounded-full bg-green-600/15 px-1.5 text-[11px] leading-4 font-semibold text-green-800 dark:bg-green-400/20 dark:text-green-300"
                        >
                          {day.count}
                        </span>
                      ) : null}
                    </span>
                    {/* The first words: in the cell where it is wide enough, under the grid on a phone. */}
                    {day.first ? (
                      <span
                        aria-hidden
                        className="line-clamp-2 hidden text-[11px] leading-snug break-words text-zinc-700 sm:block dark:text-zinc-300"
                      >
                        {day.first.snippet}
                      </span>
                    ) : null}
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
      {/* The focused day said in words: its count and first memo, for a phone's narrow cells and for a screen reader. */}
      <p aria-live="polite" data-testid="calendar-day-summary" className="mt-3 min-h-10 text-sm text-zinc-700 dark:text-zinc-300">
        {focused ? (
          <>
            <span className="font-medium">
              {t("sidebar.heatmap-cell", { count: focused.count, date: formatDate(focused.date, i18n.language, "day") })}
            </span>
            {focused.first ? (
              <span className="block truncate text-zinc-600 dark:text-zinc-400">
                {t("calendar.first-memo", { snippet: focused.first.snippet })}
              </span>
            ) : null}
          </>
        ) : null}
      </p>
    </Dialog>
  );
}
