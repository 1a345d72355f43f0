// A Google Keep Takeout: Takeout/Keep/<note>.json (title, textContent or listContent, labels, flags, times in
// microseconds, attachments by file name beside the JSON). Trashed notes are left out; a checklist becomes
// `- [ ]`/`- [x]` items; labels become #tags.
import { posix } from "node:path";
import type { Archive, ArchiveEntry } from "./archive.js";
import { tagsOf, withTags } from "./markdown.js";
import { attachEntry, attachmentToken, emptyPlan, isOversizedNote, type ImportPlan, isImageName, toSeconds } from "./plan.js";

export const isKeepNote = (path: string): boolean => /(^|\/)Keep\/[^/]+\.json$/i.test(path);

interface KeepNote {
  title?: unknown;
  textContent?: unknown;
  listContent?: unknown;
  labels?: unknown;
  annotations?: unknown;
  attachments?: unknown;
  isArchived?: unknown;
  isPinned?: unknown;
  isTrashed?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
}

const usecToSeconds = (value: unknown): number | undefined => {
  const usec = typeof value === "string" ? Number(value) : value;
  return typeof usec === "number" && Number.isFinite(usec) && usec > 0 ? toSeconds(Math.floor(usec / 1_000_000)) : undefined;
};

const list = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.filter((item) => item && typeof item === "object") : [];

/** The note's text as Markdown: a heading for the title, the text or the checklist, its web links. */
export function keepMarkdown(note: KeepNote): string {
  const parts: string[] = [];
  if (typeof note.title === "string" && note.title.trim() !== "") parts.push(`# ${note.title.trim()}`);
  if (typeof note.textContent === "string" && note.textContent.trim() !== "") parts.push(note.textContent.replace(/\s+$/, ""));
  const items = list(note.listContent).map(
    (item) => `- [${item.isChecked === true ? "x" : " "}] ${String(item.text ?? "").replace(/\n/g, " ")}`,
  );
  if (items.length > 0) parts.push(items.join("\n"));
  const links = list(note.annotations)
    .filter((annotation) => typeof annotation.url === "string" && /^https?:\/\//i.test(annotation.url))
    .map((annotation) => `[${String(annotation.title || annotation.url).replace(/[[\]]/g, "")}](${String(annotation.url)})`);
  if (links.length > 0) parts.push(links.join("\n"));
  return parts.join("\n\n");
}

/** Keep names a photo `x.jpeg` in the JSON and `x.jpg` in the folder (or the reverse): match by name without extension. */
function findFile(
  byStem: Map<string, ArchiveEntry>,
  files: Map<string, ArchiveEntry>,
  dir: string,
  name: string,
): ArchiveEntry | undefined {
  const path = posix.join(dir, name);
  return files.get(path) ?? byStem.get(path.replace(/\.[^./]+$/, "").toLowerCase());
}

export async function readGoogleKeep(archive: Archive): Promise<ImportPlan> {
  const plan = emptyPlan("google-keep");
  const files = new Map(archive.entries.map((entry) => [entry.path, entry]));
  const byStem = new Map<string, ArchiveEntry>();
  for (const entry of archive.entries) {
    if (!entry.path.endsWith(".json") && !entry.path.endsWith(".html"))
      byStem.set(entry.path.replace(/\.[^./]+$/, "").toLowerCase(), entry);
  }
  const attached = new Map<string, number>();
  const notes = archive.entries.filter((entry) => isKeepNote(entry.path));
  for (const entry of notes) {
    if (isOversizedNote(plan, entry)) continue;
    let note: KeepNote;
    try {
      note = JSON.parse(await archive.text(entry)) as KeepNote;
    } catch (error) {
      if ((error as { status?: number }).status) throw error;
      plan.problems.push({ file: entry.path, reason: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    if (!note || typeof note !== "object" || note.isTrashed === true) continue;
    const createdTs = usecToSeconds(note.createdTimestampUsec) ?? entry.modifiedTs;
    const lines = [keepMarkdown(note)];
    const attachments: number[] = [];
    for (const attachment of list(note.attachments)) {
      const name = typeof attachment.filePath === "string" ? attachment.filePath : "";
      const file = name === "" ? undefined : findFile(byStem, files, posix.dirname(entry.path), name);
      if (!file) {
        plan.problems.push({ file: entry.path, reason: `attachment "${name}" is not in the archive` });
        continue;
      }
      const index = attachEntry(plan, attached, file);
      if (typeof attachment.mimetype === "string" && attachment.mimetype !== "") plan.attachments[index]!.type = attachment.mimetype;
      attachments.push(index);
      const fileName = posix.basename(file.path);
      lines.push(`${isImageName(fileName) ? "!" : ""}[${fileName}](${attachmentToken(index)})`);
    }
    const labels = list(note.labels).map((label) => label.name);
    const content = withTags(lines.filter((line) => line !== "").join("\n\n"), tagsOf(labels));
    if (content.trim() === "" && attachments.length === 0) continue;
    plan.memos.push({
      source: entry.path,
      content,
      createdTs,
      updatedTs: Math.max(usecToSeconds(note.userEditedTimestampUsec) ?? createdTs, createdTs),
      pinned: note.isPinned === true,
      archived: note.isArchived === true,
      attachments,
    });
  }
  return plan;
}
