// Counts shown in little room (the sidebar's memos, tags and days): exact up to 9,999, compact above (501K,
// 50万), in the reader's language. The exact figure goes where the compact one is shown, as its title.

const COMPACT_FROM = 10_000;

export function formatCount(value: number, language: string): { shown: string; exact: string } {
  const exact = new Intl.NumberFormat(language).format(value);
  if (Math.abs(value) < COMPACT_FROM) return { shown: exact, exact };
  const shown = new Intl.NumberFormat(language, { notation: "compact" }).format(value);
  return { shown, exact };
}

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * A size as people read it, in their language (steps of 1024): one decimal under 10, none above, and never four
 * digits: from what would show as 1,000 the next unit takes over (1,019 kB is 1.0 MB).
 * @example formatBytes(3.4 * 1024 ** 2, "de") // "3,4 MB"
 * @example formatBytes(812, "en") // "812 byte"
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 999.5 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: BYTE_UNITS[unit],
    unitDisplay: "short",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
