// The parts of Markdown text that are prose, not code: what rewrites of links and notes' syntax may change. Code
// (fenced blocks, inline code spans) is shown as written, so a link or a `[[name]]` inside it stays as written.

/** A fence opens a code block: three or more backticks or tildes, indented at most three spaces. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A blank line ends a paragraph: a code span never crosses one. */
const PARAGRAPH_BREAK = /(\n[ \t]*\n)/;

/** Splits one paragraph at its code spans: a run of backticks up to the next run of the same length. */
function mapInline(text: string, change: (prose: string) => string): string {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ start: match.index, length: match[0].length }));
  // For each run length, the runs of that length in order: each run looks for its closing run once (linear time).
  const byLength = new Map<number, number[]>();
  runs.forEach((run, n) => {
    const same = byLength.get(run.length);
    if (same) same.push(n);
    else byLength.set(run.length, [n]);
  });
  const next = new Map<number, number>();
  let out = "";
  let proseStart = 0;
  for (let n = 0; n < runs.length; ) {
    const open = runs[n]!;
    const same = byLength.get(open.length)!;
    let at = next.get(open.length) ?? 0;
    while (at < same.length && same[at]! <= n) at += 1;
    next.set(open.length, at);
    if (at === same.length) {
      n += 1;
      continue;
    }
    const close = runs[same[at]!]!;
    out += change(text.slice(proseStart, open.start)) + text.slice(open.start, close.start + close.length);
    proseStart = close.start + close.length;
    n = same[at]! + 1;
  }
  return out + change(text.slice(proseStart));
}

function mapBlock(text: string, change: (prose: string) => string): string {
  return text
    .split(PARAGRAPH_BREAK)
    .map((part, n) => (n % 2 === 1 ? part : mapInline(part, change)))
    .join("");
}

/**
 * Applies `change` to each stretch of `text` outside fenced code blocks and inline code spans; code is kept as
 * written. A block left open runs to the end of the text, as Markdown reads it.
 */
export const mapProse = (text: string, change: (prose: string) => string): string =>
  mapOutsideFences(text, (lines) => mapBlock(lines, change));

/** Applies `change` to each run of whole lines outside fenced code blocks (for rules that read a line at a time). */
export function mapOutsideFences(text: string, change: (lines: string) => string): string {
  const lines = text.split(/(?<=\n)/);
  let out = "";
  let prose = "";
  let fence: string | null = null;
  for (const line of lines) {
    if (fence !== null) {
      out += line;
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1]) fence = null;
      continue;
    }
    const open = FENCE.exec(line);
    // A backtick fence's info string holds no backtick (otherwise the line is an inline code span).
    if (open && !(open[1]![0] === "`" && line.slice(open[0].length).includes("`"))) {
      out += change(prose) + line;
      prose = "";
      fence = open[1]!;
      continue;
    }
    prose += line;
  }
  return out + change(prose);
}
