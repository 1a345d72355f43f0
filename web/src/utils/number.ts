// Counts shown in little room (the sidebar's memos, tags and days): exact up to 9,999, compact above (501K,
// 50万), in the reader's language. The exact figure goes where the compact one is shown, as its title.

const COMPACT_FROM = 10_000;

export function formatCount(value: number, language: string): { shown: string; exact: string } {
  const exact = new Intl.NumberFormat(language).format(value);
  if (Math.abs(value) < COMPACT_FROM) return { shown: exact, exact };
  const shown = new Intl.NumberFormat(language, { notation: "compact" }).format(value);
  return { shown, exact };
}
