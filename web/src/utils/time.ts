// How memo times read: relative under a day ("5 minutes ago"), then YYYY/MM/DD HH:mm; plus the created-time form.
import { parseFilterDate } from "@memos/common";

const DAY_MS = 86_400_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/**
 * A memo's time for display; `ms` is Unix milliseconds.
 * @example formatMemoTime(Date.now() - 90_000, Date.now(), "en") // "1 minute ago"
 */
export function formatMemoTime(ms: number, now: number = Date.now(), locale = "en"): string {
  const age = now - ms;
  if (age >= 0 && age < DAY_MS) {
    if (age < 10_000) return relative(locale).format(0, "second");
    for (const [unit, size] of UNITS) {
      if (age >= size) return relative(locale).format(-Math.floor(age / size), unit);
    }
  }
  const { year, month, day, hour, minute } = localDigits(ms);
  return `${year}/${month}/${day} ${hour}:${minute}`;
}

/** The local date and time of `ms`, each part as zero-padded digits (the year as four). */
export function localDigits(ms: number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const date = new Date(ms);
  const two = (value: number) => String(value).padStart(2, "0");
  return {
    year: String(date.getFullYear()).padStart(4, "0"),
    month: two(date.getMonth() + 1),
    day: two(date.getDate()),
    hour: two(date.getHours()),
    minute: two(date.getMinutes()),
    second: two(date.getSeconds()),
  };
}

/**
 * Whole days since an account was created (`createdTs` in Unix seconds): 0 on its first day. (v0 counted the first
 * day, so an account made a minute ago read "1 day".)
 */
export const daysSince = (createdTs: number, now = Date.now()): number => Math.max(0, Math.floor((now - createdTs * 1000) / DAY_MS));

/** The full form, for a tooltip. */
export function formatFullTime(ms: number): string {
  const { year, month, day, hour, minute, second } = localDigits(ms);
  return `${year}/${month}/${day} ${hour}:${minute}:${second}`;
}

/** The local clock time, 24-hour: "09:05". */
export function formatClock(ms: number): string {
  const { hour, minute } = localDigits(ms);
  return `${hour}:${minute}`;
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();
function relative(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** How a date reads (Intl.DateTimeFormat options), from a bare day to a day and time. */
const DATE_STYLES = {
  /** "Mar 15, 2024", "15.03.2024", "2024年3月15日" */
  date: { dateStyle: "medium" },
  /** "Fri, Mar 15, 2024", "Fr., 15. März 2024", "2024年3月15日周五" */
  day: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  /** "Friday, March 15, 2024", "2024年3月15日星期五" */
  "long-day": { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  /** "Mar 15, 2024, 9:15 AM", "15.03.2024, 09:15" */
  "date-time": { dateStyle: "medium", timeStyle: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date in the reader's language (`language`: the app's i18n language), never the browser's: weekday and month
 * names are the language's own.
 * @example formatDate(Date.UTC(2024, 2, 15), "zh", "day") // "2024年3月15日周五"
 */
export function formatDate(ms: number, language: string, style: DateStyle): string {
  const key = `${language}|${style}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, DATE_STYLES[style]);
    dateFormatters.set(key, formatter);
  }
  return formatter.format(ms);
}

/** A value for <input type="datetime-local"> (local time, to the second). */
export function toDatetimeLocal(ms: number): string {
  const { year, month, day, hour, minute, second } = localDigits(ms);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/**
 * Reads a created time typed by the user: Unix seconds, or null when it is not a date or lies in the future
 * (the message is "Invalid created datetime.").
 */
export function parseCreatedTime(value: string, now: number = Date.now()): number | null {
  if (!value.trim()) return null;
  // The input's `YYYY-MM-DDTHH:mm[:ss]` in local time; a date that does not exist (February 30) is no date.
  const ms = parseFilterDate(value);
  if (Number.isNaN(ms) || ms > now) return null;
  return Math.floor(ms / 1000);
}
