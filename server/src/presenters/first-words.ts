// The first words of a memo as plain text, for a line in a small space (a calendar's day, a map's list).

/** The first words of a memo's start, at most `limit` characters: Markdown's marks (headings, quotes, list bullets, emphasis, link targets) left out. */
export function firstWords(head: string, limit: number): string {
  const text = head
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(" ");
  return `${space > limit / 2 ? cut.slice(0, space) : cut}…`;
}
