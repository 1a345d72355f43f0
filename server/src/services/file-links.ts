// Links in a memo's text to files the server stores: `/o/r/<id>/<name>` as the editor writes them, `/h/r/…`, or
// with a server's address before them (`https://memos.example/o/r/…`, what "Copy link" gives). The export points
// them at the archive's copy of each file and the import at the file it stored; both find them by this one rule.
import { mapProse } from "./markdown-prose.js";

export interface FileLink {
  id: number;
  /** The file's name (as the caller knows it). */
  name: string;
  /** The link as written: origin (if any), path, name and suffix. */
  written: string;
  /** What follows the name: `?thumbnail=1`, `#x`, or "". */
  suffix: string;
}

const CANDIDATE = /(https?:\/\/[^\s/?#<>()"'[\]]+)?\/[oh]\/r\/(\d{1,15})(?!\d)/g;
/** Where a name that is not spelled as the file's own ends. */
const NAME = /^[^\s?#<>()"'[\]]*/;
const SUFFIX = /^[?#][^\s<>()"'[\]]*/;
/** What may follow a name spelled as the file's own (it may hold spaces or brackets). */
const AFTER_NAME = /^(?:$|[\s?#<>()"'[\]|*_~,.;:!])/;
/** A reference definition before the address: `[photo]: /o/r/1/a.png`. */
const REFERENCE = /(?:^|\n) {0,3}\[[^\]\n]+\]:[ \t]*$/;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** How many characters after `/o/r/<id>` are its `/<name>`: the file's own spelling if written so, else up to a stop. */
function nameLength(rest: string, filename: string): number {
  if (!rest.startsWith("/")) return 0;
  const encoded = encodeURIComponent(filename);
  const spellings = [encoded, filename, encodeURI(filename), encoded.replace(/%20/g, "+"), filename.replace(/ /g, "+")];
  const fits = spellings.filter((spelling) => rest.startsWith(spelling, 1) && AFTER_NAME.test(rest.slice(1 + spelling.length)));
  if (fits.length > 0) return 1 + Math.max(...fits.map((spelling) => spelling.length));
  return 1 + NAME.exec(rest.slice(1))![0].length;
}

const sameName = (written: string, filename: string): boolean =>
  decode(written) === filename || decode(written.replace(/\+/g, " ")) === filename;

/** In a Markdown link or image (`](…)`, `](<…>)`, a reference definition) or an HTML `src="…"`/`href='…'`. */
function inLinkAt(text: string, start: number): boolean {
  const before = text[start - 1];
  if (before === "(" || before === '"' || before === "'" || before === "=") return true;
  if (before === "<") return text[start - 2] === "(";
  return REFERENCE.test(text.slice(Math.max(0, start - 300), start));
}

const labelOf = (name: string): string => name.replace(/([[\]\\])/g, "\\$1");

/**
 * Rewrites the links of `text` to the files `nameOf` knows (it answers a known id with the file's name). A link
 * inside a Markdown link, an image or an HTML attribute gets `target(link)` as its address; an address alone in
 * the text (`https://…/o/r/1/a.png` or `<https://…>`) becomes `[<name>](<target>)`. A link written without an
 * origin counts by its id whatever name follows (the file may have been renamed since); one with an origin only
 * when the name is the file's too, so another server's link is left alone. Code is left as written; `target`
 * answering undefined leaves that link as written.
 */
export function rewriteFileLinks(
  text: string,
  nameOf: (id: number) => string | undefined,
  target: (link: FileLink) => string | undefined,
): string {
  return mapProse(text, (prose) => {
    const candidates = new RegExp(CANDIDATE.source, "g");
    let out = "";
    let copied = 0;
    for (let match = candidates.exec(prose); match !== null; match = candidates.exec(prose)) {
      const start = match.index;
      const absolute = match[1] !== undefined;
      const before = prose[start - 1];
      const inLink = inLinkAt(prose, start);
      const bareAllowed = absolute && (before === undefined || /[\s<|]/.test(before));
      const id = Number(match[2]);
      const name = nameOf(id);
      if (name === undefined || !(inLink || bareAllowed)) continue;
      const afterId = start + match[0].length;
      const nameEnd = afterId + nameLength(prose.slice(afterId), name);
      if (absolute && !sameName(prose.slice(afterId + 1, nameEnd), name)) continue;
      const suffix = SUFFIX.exec(prose.slice(nameEnd))?.[0] ?? "";
      const end = nameEnd + suffix.length;
      const autolink = !inLink && before === "<" && prose[end] === ">";
      const written = prose.slice(start, end);
      const address = target({ id, name, written, suffix });
      if (address === undefined) continue;
      const from = autolink ? start - 1 : start;
      out += prose.slice(copied, from) + (inLink ? address : `[${labelOf(name)}](${address})`);
      copied = autolink ? end + 1 : end;
      candidates.lastIndex = copied;
    }
    return out + prose.slice(copied);
  });
}

/** The ids of every link to a stored file in `text` (some may not be links rewriteFileLinks takes). */
export function fileLinkIds(text: string): number[] {
  return [...text.matchAll(CANDIDATE)].map((match) => Number(match[2]));
}
