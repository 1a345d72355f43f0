// The usage heat map: 12 weeks × 7 days of memo counts from GET /api/memo/stats, asked only from the first
// day shown (`from`), so its size does not grow with the collection. Clicking a day toggles
// the duration filter for that day. One tab stop; arrow keys move between days. In the drawer (phones and
// tablets) it shows 8 weeks of days about 25 px square (over WCAG's 24 px target size), compact enough that the
// tag list still starts on a phone's first screen; the desktop keeps its fine 12-week grid.
import { DAILY_TIMESTAMP } from "@memos/common";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMemoStats } from "../../queries/sidebar";
import { DESKTOP_QUERY, useMediaQuery } from "../layout/useMediaQuery";
import { useFilter } from "../../state/filter";
import { formatDate } from "../../utils/time";
import { buildHeatMap, type HeatCell, heatLevel, heatMapStart, startOfLocalDay } from "./heatmap";

const LEVEL_CLASS = [
  "bg-zinc-200 dark:bg-zinc-800",
  "bg-green-200 dark:bg-green-900",
  "bg-green-400 dark:bg-green-700",
  "bg-green-500 dark:bg-green-600",
  "bg-green-600 dark:bg-green-500",
];

const ROWS = 7;
const DESKTOP_WEEKS = 12;
const TOUCH_WEEKS = 8;

export function UsageHeatMap({ creatorId }: { creatorId: number }) {
  const { t, i18n } = useTranslation();
  const today = startOfLocalDay(Date.now());
  const weekCount = useMediaQuery(DESKTOP_QUERY) ? DESKTOP_WEEKS : TOUCH_WEEKS;
  const { data: stats } = useMemoStats(creatorId, Math.floor(heatMapStart(today, DESKTOP_WEEKS) / 1000));
  const { filter, update } = useFilter();
  const map = useMemo(() => buildHeatMap(stats ?? [], today, weekCount), [stats, today, weekCount]);
  const cells = map.weeks.flat();
  // The roving tab stop follows a day, so it survives the grid changing size (drawer ↔ desktop).
  const [focusDate, setFocusDate] = useState(today);
  const focused = cells.findIndex((cell) => cell?.date === focusDate);
  const focusIndex = focused >= 0 ? focused : cells.findIndex((cell) => cell?.date === today);
  const grid = useRef<HTMLDivElement>(null);

  const toggle = (cell: HeatCell) => {
    const selected = filter.duration?.from === cell.date;
    update({ duration: selected ? undefined : { from: cell.date, to: cell.date + DAILY_TIMESTAMP } });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -ROWS, ArrowRight: ROWS }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = focusIndex + step;
    if (next < 0 || next >= cells.length || !cells[next]) return;
    setFocusDate(cells[next]!.date);
    grid.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };

  return (
    <section aria-label={t("daily.heatmap-weeks", { count: weekCount })} data-heatmap className="px-2">
      <div
        ref={grid}
        onKeyDown={onKeyDown}
        className={`grid grid-flow-col grid-rows-7 ${weekCount === DESKTOP_WEEKS ? "grid-cols-12 gap-[3px]" : "grid-cols-8 gap-[3px]"}`}
      >
        {cells.map((cell, index) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: the padding before the first day is a fixed run of blanks
          if (!cell) return <span key={`empty-${index}`} aria-hidden className="aspect-square" />;
          const label = t("sidebar.heatmap-cell", { count: cell.count, date: formatDate(cell.date, i18n.language, "day") });
          const selected = filter.duration?.from === cell.date;
          const isToday = cell.date === today;
          return (
            <button
              key={cell.date}
              type="button"
              title={label}
              aria-label={label}
              aria-pressed={selected}
              tabIndex={index === focusIndex ? 0 : -1}
              onFocus={() => setFocusDate(cell.date)}
              onClick={() => toggle(cell)}
              className={`aspect-square rounded-[3px] transition-shadow max-lg:min-h-6 max-lg:rounded duration-200 hover:ring-2 hover:ring-zinc-400 focus-visible:outline-offset-1 ${
                LEVEL_CLASS[heatLevel(cell.count, map.max)]
              } ${selected ? "ring-2 ring-zinc-800 dark:ring-zinc-100" : isToday ? "ring-1 ring-accent" : ""}`}
            />
          );
        })}
      </div>
    </section>
  );
}
