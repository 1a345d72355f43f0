// Folding long memos at their first horizontal rule (`---`, `***` or `___` on a line of its own), as v0 did.
const RULE_LINE = /^(?:-{3}|\*{3}|_{3})[ \t]*$/m;

/** The part shown while folded, or null when the memo has no rule line to fold at. */
export function foldedPart(content: string): string | null {
  const match = RULE_LINE.exec(content);
  if (!match) return null;
  const head = content.slice(0, match.index).trimEnd();
  const tail = content.slice(match.index + match[0].length).trim();
  return head && tail ? head : null;
}
