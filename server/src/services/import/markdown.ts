// A folder of Markdown notes, zipped (Obsidian vaults, Bear and Logseq exports, plain notes): one memo per file.
// Dates come from the front matter (or Logseq's `key:: value` properties, or a journal's file name), else the
// file's time in the zip; front matter tags become #tags; images and files the note embeds by relative path
// (`![](img/a.png)`, Obsidian's `![[a.png]]`) become the memo's attachments and its content links to them;
// `[[links]]` between notes and callouts are made plain Markdown (obsidian.ts). A note without a heading of its
// own starts with its file name in bold.
import { extractTags, isValidTagName, type Visibility, VISIBILITIES } from "@memos/common";
import { posix } from "node:path";
import type { Archive, ArchiveEntry } from "./archive.js";
import { FrontMatterError, splitFrontMatter } from "./front-matter.js";
import { linkNotes, NoteNames, plainCallouts } from "./obsidian.js";
import { attachEntry, attachmentToken, emptyPlan, isOversizedNote, type ImportPlan, isImageName, toSeconds } from "./plan.js";

const NOTE = /\.(md|markdown|txt)$/i;
const CREATED_KEYS = ["created", "date", "created_at", "createdAt", "creation_date", "creation date", "ctime"];
const UPDATED_KEYS = ["updated", "modified", "updated_at", "updatedAt", "last_modified", "lastmod", "mtime"];
/** Logseq journals: journals/2024_01_05.md. */
const JOURNAL_NAME = /^(\d{4})[-_](\d{2})[-_](\d{2})$/;

/** App folders that hold no notes: macOS resource forks, Obsidian and Logseq settings and backups, trash. */
export function isIgnoredPath(path: string): boolean {
  const segments = path.split("/");
  return segments.some((segment) => segment.startsWith(".") || segment === "__MACOSX") || segments.slice(0, 2).includes("logseq");
}

export const isNotePath = (path: string): boolean => NOTE.test(path) && !isIgnoredPath(path);

/** `tags: [a, b]`, `tags: "a, b"`, `tags: "#a #b"` → valid tag names. */
export function tagsOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/[,\s]+/) : [];
  return raw
    .map((tag) =>
      tag
        .trim()
        .replace(/^#/, "")
        .replace(/^\[\[(.*)\]\]$/, "$1")
        .replace(/\s+/g, "-"),
    )
    .filter((tag) => tag !== "" && isValidTagName(tag));
}

/** Adds `#tag` for each tag the text does not hold already. */
export function withTags(content: string, tags: string[]): string {
  const present = new Set(extractTags(content));
  const missing = [...new Set(tags)].filter((tag) => !present.has(tag));
  if (missing.length === 0) return content;
  return `${content.replace(/\s+$/, "")}\n\n${missing.map((tag) => `#${tag}`).join(" ")}\n`;
}

/** Logseq page properties: leading `key:: value` lines. */
function splitProperties(body: string): { properties: Record<string, string>; rest: string } {
  const properties: Record<string, string> = {};
  const lines = body.split("\n");
  let n = 0;
  for (; n < lines.length; n++) {
    const match = /^([A-Za-z][\w-]*):: ?(.*)$/.exec(lines[n]!.trim());
    if (!match) break;
    properties[match[1]!.toLowerCase()] = match[2]!.trim();
  }
  return { properties, rest: n === 0 ? body : lines.slice(n).join("\n") };
}

const firstDate = (meta: Record<string, unknown>, keys: string[]): number | undefined => {
  for (const key of keys) {
    const seconds = toSeconds(meta[key]);
    if (seconds !== undefined) return seconds;
  }
  return undefined;
};

/** Finds the archive's files a note refers to: by path from the note's folder, from the root, or (Obsidian) by name. */
export class FileIndex {
  private readonly byPath = new Map<string, ArchiveEntry>();
  private readonly byName = new Map<string, ArchiveEntry>();

  constructor(entries: ArchiveEntry[]) {
    for (const entry of entries) {
      if (isIgnoredPath(entry.path)) continue;
      this.byPath.set(entry.path.toLowerCase(), entry);
      const name = posix.basename(entry.path).toLowerCase();
      if (!this.byName.has(name)) this.byName.set(name, entry);
    }
  }

  find(fromDir: string, target: string, byNameToo: boolean): ArchiveEntry | undefined {
    const relative = posix.normalize(posix.join(fromDir, target));
    if (!relative.startsWith("../")) {
      const found = this.byPath.get(relative.toLowerCase());
      if (found) return found;
    }
    const fromRoot = posix.normalize(target.replace(/^\/+/, ""));
    if (!fromRoot.startsWith("../")) {
      const found = this.byPath.get(fromRoot.toLowerCase());
      if (found) return found;
    }
    return byNameToo ? this.byName.get(posix.basename(target).toLowerCase()) : undefined;
  }
}

const decode = (target: string): string => {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
};

// A label stops at the next bracket and every repeat is bounded, so a line of unclosed brackets is read in one pass.
const WIKI_FILE = /(!?)\[\[([^[\]|#\n]{1,512})(?:#[^\]|\n]{0,256})?(?:\|[^\]\n]{0,256})?\]\]/g;
const MARKDOWN_LINK = /(!?)\[([^[\]\n]{0,512})\]\(\s*(<[^>\n]{1,2048}>|[^)\s]{1,2048})(\s+"[^"\n]{0,512}")?\s*\)/g;

/**
 * Replaces a note's references to files of the archive with links to the attachments they become (`[[a.pdf]]`
 * too; a `[[link]]` to a note is left to obsidian.ts); a missing embedded file is a problem (the note is imported
 * with the reference as written).
 */
export function linkFiles(
  text: string,
  note: ArchiveEntry,
  index: FileIndex,
  attach: (entry: ArchiveEntry) => number,
  problem: (reason: string) => void,
): { content: string; attachments: number[] } {
  const dir = posix.dirname(note.path);
  const attachments: number[] = [];
  const use = (entry: ArchiveEntry) => {
    const n = attach(entry);
    if (!attachments.includes(n)) attachments.push(n);
    return attachmentToken(n);
  };
  let content = text.replace(WIKI_FILE, (whole, bang: string, rawTarget: string) => {
    const target = rawTarget.trim();
    const entry = index.find(dir, target, true);
    if (!entry || isNotePath(entry.path)) {
      if (!entry && bang && /\.[a-z0-9]{2,5}$/i.test(target) && !isNotePath(target)) {
        problem(`embedded file "${target}" is not in the archive`);
      }
      return whole;
    }
    const name = posix.basename(entry.path);
    return `${bang && isImageName(name) ? "!" : ""}[${name}](${use(entry)})`;
  });
  content = content.replace(MARKDOWN_LINK, (whole, bang: string, label: string, rawTarget: string, title: string | undefined) => {
    const target = rawTarget.replace(/^<|>$/g, "");
    // A link the wiki embeds above became, or a web address, an anchor, a site path: left as written.
    if (target.includes("\uE000") || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//")) return whole;
    const path = decode(target.replace(/[?#].*$/, ""));
    const entry = index.find(dir, path, false);
    if (!entry || isNotePath(entry.path)) {
      if (!entry && bang) problem(`embedded file "${path}" is not in the archive`);
      return whole;
    }
    return `${bang}[${label}](${use(entry)}${title ?? ""})`;
  });
  return { content, attachments };
}

const isVisibility = (value: unknown): value is Visibility => VISIBILITIES.includes(value as Visibility);

/** Names that say nothing about a note: Obsidian's "Untitled 3". */
const UNTITLED = /^untitled(?: \d+)?$/i;
/** A line of tags only (`#journal #health`), which may come before a note's heading. */
const TAGS_LINE = /^#[^\s#]\S*(?:\s+#[^\s#]\S*)*$/;
const plainWords = (line: string): string =>
  line
    .replace(/^#{1,6}\s+/, "")
    .replace(/[*_`]/g, "")
    .trim()
    .toLowerCase();

/**
 * The note with its title (its file name, or front matter `title`) as a first line in bold, unless the note starts
 * with a heading of its own (`# …`, or a line underlined with `===`/`---`, after any line of tags) or with the
 * title's words already; a note named "Untitled" gets none.
 */
export function withTitle(text: string, title: string): string {
  if (title === "" || UNTITLED.test(title)) return text;
  const lines = text.split("\n").map((line) => line.trim());
  const first = lines.findIndex((line) => line !== "" && !TAGS_LINE.test(line));
  if (first >= 0) {
    const line = lines[first]!;
    if (/^#{1,6}(?:\s|$)/.test(line) || /^(?:=+|-+)$/.test(lines[first + 1] ?? "")) return text;
    if (plainWords(line) === title.toLowerCase()) return text;
  }
  const bold = `**${title.replace(/([\\*_[\]`])/g, "\\$1")}**`;
  return text.trim() === "" ? `${bold}\n` : `${bold}\n\n${text}`;
}

const aliasesOf = (meta: Record<string, unknown>): string[] =>
  [meta.aliases, meta.alias]
    .flatMap((value) => (Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : []))
    .map(String);

export async function readMarkdownFolder(archive: Archive): Promise<ImportPlan> {
  const plan = emptyPlan("markdown");
  const index = new FileIndex(archive.entries);
  const files = new Map<string, number>();
  const names = new NoteNames();
  const notes = archive.entries.filter((entry) => isNotePath(entry.path));
  for (const entry of notes) {
    if (isOversizedNote(plan, entry)) continue;
    const source = await archive.text(entry);
    let front: ReturnType<typeof splitFrontMatter>;
    try {
      front = splitFrontMatter(source);
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      plan.problems.push({ file: entry.path, reason: error.message });
      continue;
    }
    const { properties, rest } = splitProperties(front.body);
    const meta: Record<string, unknown> = { ...properties, ...front.data };
    const base = posix.basename(entry.path).replace(NOTE, "");
    const journal = JOURNAL_NAME.exec(base);
    const createdTs =
      firstDate(meta, CREATED_KEYS) ?? (journal ? toSeconds(`${journal[1]}-${journal[2]}-${journal[3]}`) : undefined) ?? entry.modifiedTs;
    const updatedTs = Math.max(firstDate(meta, UPDATED_KEYS) ?? entry.modifiedTs, createdTs);

    const body = rest.replace(/^\s*\n/, "");
    const title = typeof meta.title === "string" && meta.title.trim() !== "" ? meta.title.trim() : base;
    // A note whose title lives only in its file name (Obsidian) keeps it; a dated journal's name is its date.
    const text = journal ? body : withTitle(body, title);
    const linked = linkFiles(
      text,
      entry,
      index,
      (file) => attachEntry(plan, files, file),
      (reason) => plan.problems.push({ file: entry.path, reason }),
    );
    plan.memos.push({
      source: entry.path,
      content: withTags(linked.content, [...tagsOf(meta.tags), ...tagsOf(meta.tag)]),
      createdTs,
      updatedTs,
      visibility: isVisibility(meta.visibility) ? meta.visibility : undefined,
      pinned: meta.pinned === true,
      archived: meta.archived === true,
      attachments: linked.attachments,
    });
    names.add(entry.path, plan.memos.length - 1, aliasesOf(meta));
  }
  // Once every note has its memo: links between them.
  for (const memo of plan.memos) memo.content = linkNotes(plainCallouts(memo.content), names);
  return plan;
}
