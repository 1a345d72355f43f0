// Rewriting the tags of a memo's text (rename, add, remove) through the same reading that indexes them (`scanTags`):
// a `#` in code or a link is never touched.
import { extractTags, scanTags, type TagOccurrence, tagMatches } from "./tags.js";

/** `content` with each occurrence replaced by what `rewrite` returns for it (the occurrences in order). */
function replaceOccurrences(content: string, occurrences: TagOccurrence[], rewrite: (o: TagOccurrence) => string): string {
  let result = "";
  let cursor = 0;
  for (const occurrence of occurrences) {
    result += content.slice(cursor, occurrence.start) + rewrite(occurrence);
    cursor = occurrence.end;
  }
  return result + content.slice(cursor);
}

/**
 * Renames the tag `from` and its children to `to`: `#work` → `#job`, `#work/a` → `#job/a`; never `#workshop`.
 * @example renameTagInContent("#work/a #workshop", "work", "job") // "#job/a #workshop"
 */
export function renameTagInContent(content: string, from: string, to: string): string {
  const hits = scanTags(content).filter((occurrence) => tagMatches(occurrence.tag, from));
  if (hits.length === 0) return content;
  const renamed = replaceOccurrences(content, hits, (occurrence) => `#${to}${occurrence.tag.slice(from.length)}`);
  return dropAdjacentRepeats(renamed, (tag) => tagMatches(tag, to));
}

/**
 * A merge makes `#work #job` into `#job #job`: a tag right after the same tag (only spaces between, on one line)
 * goes with the space before it, for the tags `isMerged` names.
 * @example dropAdjacentRepeats("#job #job note", () => true) // "#job note"
 */
function dropAdjacentRepeats(content: string, isMerged: (tag: string) => boolean): string {
  const occurrences = scanTags(content);
  const repeats: TagOccurrence[] = [];
  for (let i = 1; i < occurrences.length; i++) {
    const previous = occurrences[i - 1]!;
    const occurrence = occurrences[i]!;
    if (occurrence.tag !== previous.tag || !isMerged(occurrence.tag)) continue;
    if (!/^[ \t]+$/.test(content.slice(previous.end, occurrence.start))) continue;
    repeats.push({ tag: occurrence.tag, start: previous.end, end: occurrence.end });
  }
  return replaceOccurrences(content, repeats, () => "");
}

/**
 * Appends the tags the memo does not hold yet on a new last line (trailing blank space before it dropped).
 * @example addTagsToContent("note #a", ["a", "b"]) // "note #a\n#b"
 */
export function addTagsToContent(content: string, tags: readonly string[]): string {
  const present = new Set(extractTags(content));
  const missing = [...new Set(tags)].filter((tag) => !present.has(tag));
  if (missing.length === 0) return content;
  const line = missing.map((tag) => `#${tag}`).join(" ");
  const kept = content.trimEnd();
  return kept === "" ? line : `${kept}\n${line}`;
}

const isSpace = (char: string | undefined) => char === " " || char === "\t";
const isLineEnd = (char: string | undefined) => char === undefined || char === "\r";

/** One line without the given occurrences (positions within the line), and the space around each one tidied. */
function removeFromLine(line: string, occurrences: TagOccurrence[]): string {
  let result = "";
  let cursor = 0;
  for (const { start, end } of occurrences) {
    result += line.slice(cursor, start);
    cursor = end;
    const before = result.at(-1);
    if (before === undefined || isSpace(before)) {
      // At the line's start or after a space: the following space goes, or the preceding ones at the line's end.
      if (isSpace(line[cursor])) cursor += 1;
      else if (isLineEnd(line[cursor])) result = result.replace(/[ \t]+$/, "");
    }
  }
  return result + line.slice(cursor);
}

/**
 * Removes exactly these tags' occurrences (not their children), with the space each leaves; a line left blank by it
 * goes, and so do blank lines it leaves at the end.
 * @example removeTagsFromContent("note #a #a/b\n#a", ["a"]) // "note #a/b"
 */
export function removeTagsFromContent(content: string, tags: readonly string[]): string {
  const wanted = new Set(tags);
  const hits = scanTags(content).filter((occurrence) => wanted.has(occurrence.tag));
  if (hits.length === 0) return content;
  const lines: string[] = [];
  let lineStart = 0;
  let next = 0;
  let droppedLast = false;
  for (const line of content.split("\n")) {
    const lineEnd = lineStart + line.length;
    const inLine: TagOccurrence[] = [];
    while (next < hits.length && hits[next]!.start < lineEnd) {
      const hit = hits[next++]!;
      inLine.push({ tag: hit.tag, start: hit.start - lineStart, end: hit.end - lineStart });
    }
    const edited = inLine.length === 0 ? line : removeFromLine(line, inLine);
    droppedLast = inLine.length > 0 && edited.trim() === "";
    if (!droppedLast) lines.push(edited);
    lineStart = lineEnd + 1;
  }
  const result = lines.join("\n");
  return droppedLast ? result.replace(/\s+$/, "") : result;
}
