// Folding long memos: at their first horizontal rule (`---`, `***` or `___` on a line of its own), as v0 did,
// and by length (over FOLD_MAX_LINES lines or FOLD_MAX_CHARS characters), so a long memo never fills the screen.
const RULE_LINE = /^(?:-{3}|\*{3}|_{3})[ \t]*$/m;
const FENCE_LINE = /^\s*(?:```|~~~)/;

export const FOLD_MAX_LINES = 12;
export const FOLD_MAX_CHARS = 500;

/** The part before the first rule line, or null when the memo has no rule line to fold at. */
export function foldedPart(content: string): string | null {
  const match = RULE_LINE.exec(content);
  if (!match) return null;
  const head = content.slice(0, match.index).trimEnd();
  const tail = content.slice(match.index + match[0].length).trim();
  return head && tail ? head : null;
}

/** Cuts a line at the last space before `max` characters (or at `max`, never inside a surrogate pair). */
function cutLine(line: string, max: number): string {
  let cut = line.lastIndexOf(" ", max);
  if (cut < max / 2) cut = max;
  if (/[\uDC00-\uDFFF]/.test(line[cut] ?? "")) cut--;
  return `${line.slice(0, cut).trimEnd()}…`;
}

/**
 * The first FOLD_MAX_LINES lines within FOLD_MAX_CHARS characters of a text longer than that, or null when the
 * text is short enough. A code block the cut leaves open is closed, so the shown part renders as it reads.
 */
export function foldedByLength(content: string): string | null {
  const text = content.trimEnd();
  const lines = text.split("\n");
  if (lines.length <= FOLD_MAX_LINES && text.length <= FOLD_MAX_CHARS) return null;
  const kept: string[] = [];
  let used = 0;
  for (const line of lines.slice(0, FOLD_MAX_LINES)) {
    const room = FOLD_MAX_CHARS - used;
    if (line.length > room) {
      if (kept.length === 0) kept.push(cutLine(line, room));
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop();
  const openFence = kept.filter((line) => FENCE_LINE.test(line)).length % 2 === 1;
  const head = kept.join("\n") + (openFence ? "\n```" : "");
  return head === text ? null : head;
}

/** What a folded memo shows: the part before its first rule, shortened by length too when still long. */
export function foldMemo(content: string): string | null {
  const atRule = foldedPart(content);
  const shown = atRule ?? content;
  return foldedByLength(shown) ?? atRule;
}
