// Obsidian's own Markdown, made what memos shows: `[[wikilinks]]` between notes become links to the memos those
// notes become (or their words alone when the archive has no such note), callouts (`> [!note] Title`) quotes
// with their title in bold. Code is left as written (markdown-prose.ts).
import { mapOutsideFences, mapProse } from "../markdown-prose.js";
import { memoLinkToken } from "./plan.js";

const NOTE_EXTENSION = /\.(md|markdown|txt)$/i;

const nameKey = (name: string): string => name.trim().replace(NOTE_EXTENSION, "").toLowerCase();

/** The notes of an archive by what a `[[link]]` may name: a note's file name, its path, or an alias of its front matter. */
export class NoteNames {
  private readonly byName = new Map<string, Array<{ path: string; index: number }>>();

  /** `index` is the note's memo in the plan; `path` its file in the archive. */
  add(path: string, index: number, aliases: string[]): void {
    const note = { path: nameKey(path), index };
    const base = note.path.split("/").pop()!;
    for (const name of [base, ...aliases.map(nameKey)]) {
      if (name === "") continue;
      const known = this.byName.get(name);
      if (known) known.push(note);
      else this.byName.set(name, [note]);
    }
  }

  /** `[[Garden plan]]`, `[[Projects/Garden plan]]` or `[[garden plan.md]]`: the note's memo, if the archive has it. */
  find(target: string): number | undefined {
    const key = nameKey(target).replace(/^\/+/, "");
    const candidates = this.byName.get(key.split("/").pop()!) ?? [];
    if (!key.includes("/")) return candidates[0]?.index;
    return candidates.find((note) => note.path === key || note.path.endsWith(`/${key}`))?.index;
  }
}

/** `[[target#heading|alias]]`, `![[target]]`; a part stops at the next bracket, so unclosed brackets are read in one pass. */
const WIKILINK = /(!?)\[\[([^[\]|#\n]{0,512})(#[^[\]|\n]{0,256})?(?:\|([^[\]\n]{0,256}))?\]\]/g;
/** What a missing embed looks like when it names a file, not a note: it stays as written (markdown.ts names it). */
const FILE_NAME = /\.[a-z0-9]{2,5}$/i;

/**
 * `[[name]]`, `[[name|alias]]`, `[[name#heading]]` (and `![[name]]`, a note embedded) become `[alias or name](link
 * to the note's memo)`, or the alias or name alone when no note of the archive has that name; `[[#heading]]` (a
 * heading of the same note) becomes the heading's words.
 */
export function linkNotes(text: string, notes: NoteNames): string {
  return mapProse(text, (prose) =>
    prose.replace(WIKILINK, (whole, bang: string, rawTarget: string, heading: string | undefined, alias: string | undefined) => {
      const target = rawTarget.trim();
      const label = alias?.trim() || target || heading?.slice(1).trim() || "";
      if (target === "") return label;
      const index = notes.find(target);
      if (index !== undefined) return `[${label}](${memoLinkToken(index)})`;
      if (bang && FILE_NAME.test(target) && !NOTE_EXTENSION.test(target)) return whole;
      return label;
    }),
  );
}

/** `> [!type]` (folding mark `+`/`-` and title optional) on a quote's line: what follows it is the title. */
const CALLOUT = /^([ \t]{0,3}(?:>[ \t]?)+)\[!([A-Za-z][\w-]{0,63})\][+-]?[ \t]*(.*)$/gm;

const typeTitle = (type: string): string => {
  const words = type.replace(/[-_]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `> [!warning]- Careful` becomes `> **Careful**` (the type, `> **Warning**`, when there is no title); the quote stays. */
export function plainCallouts(text: string): string {
  return mapOutsideFences(text, (lines) =>
    lines.replace(CALLOUT, (_, quote: string, type: string, title: string) => `${quote}**${title.trim() || typeTitle(type)}**`),
  );
}
