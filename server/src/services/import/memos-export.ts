// Our own export (services/export.service.ts): memos/<YYYY>/<date>-<id>.md with front matter, resources.json,
// attachments/<id>-<name>, shortcuts.json, history.jsonl (the memos' earlier versions) and comments.jsonl (the
// account's comments). Every field the export writes comes back; ids are new, so a memo's attachments are matched by
// the old resource id through resources.json, and its links to the archive's files (export-links.ts) point at the
// files the import stores.
import { INPUT_LIMITS, type Visibility, VISIBILITIES } from "@memos/common";
import { posix } from "node:path";
import type { Archive, ArchiveEntry } from "./archive.js";
import { type ArchiveFiles, linkArchiveFiles } from "./export-links.js";
import { FrontMatterError, splitFrontMatter } from "./front-matter.js";
import { emptyPlan, isOversizedNote, type ImportPlan, locationOfFile, type PlannedAttachment, toSeconds } from "./plan.js";
import { readCommentLines } from "./comment-lines.js";
import { readHistoryLines } from "./history-lines.js";

interface ExportedResource {
  id?: unknown;
  name?: unknown;
  type?: unknown;
  created?: unknown;
  path?: unknown;
  url?: unknown;
}

const isVisibility = (value: unknown): value is Visibility => VISIBILITIES.includes(value as Visibility);

async function readJson(archive: Archive, entry: ArchiveEntry | undefined, plan: ImportPlan): Promise<unknown> {
  if (!entry) return undefined;
  try {
    return JSON.parse(await archive.text(entry)) as unknown;
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    plan.problems.push({ file: entry.path, reason: `not valid JSON (${(error as Error).message})` });
    return undefined;
  }
}

function attachmentOf(resource: ExportedResource, files: Map<string, ArchiveEntry>): PlannedAttachment | string {
  const filename = typeof resource.name === "string" && resource.name !== "" ? resource.name : "file";
  const type = typeof resource.type === "string" ? resource.type : "";
  const createdTs = toSeconds(resource.created);
  if (typeof resource.url === "string" && resource.url !== "") {
    // The same rule as a link added in the app: http(s) only, within the input cap.
    if (!/^https?:\/\//i.test(resource.url) || resource.url.length > INPUT_LIMITS.externalLink) return "its link is not an http(s) address";
    return { url: resource.url, filename, type, createdTs };
  }
  const entry = typeof resource.path === "string" ? files.get(posix.normalize(resource.path)) : undefined;
  if (!entry) return `its file ${typeof resource.path === "string" ? `"${resource.path}" ` : ""}is not in the archive`;
  return { entry, filename, type, createdTs };
}

export async function readMemosExport(archive: Archive): Promise<ImportPlan> {
  const plan = emptyPlan("memos-export");
  const files = new Map(archive.entries.map((entry) => [entry.path, entry]));

  // Every resource of the account, by its id in the archive.
  const byOldId = new Map<number, number>();
  const resources = await readJson(archive, files.get("resources.json"), plan);
  for (const resource of Array.isArray(resources) ? (resources as ExportedResource[]) : []) {
    const planned = attachmentOf(resource, files);
    if (typeof planned === "string") {
      plan.problems.push({ file: "resources.json", reason: `resource ${String(resource.id)}: ${planned}` });
      continue;
    }
    plan.attachments.push(planned);
    if (typeof resource.id === "number") byOldId.set(resource.id, plan.attachments.length - 1);
  }
  const linked = new Set<number>();
  /** Each memo's front matter `links`: what the export's relative addresses were in the memo. */
  const originals: Array<Record<string, unknown>> = [];

  const history = await readHistoryLines(archive, files.get("history.jsonl"), plan);
  const comments = await readCommentLines(archive, files.get("comments.jsonl"), plan, (oldId) => byOldId.get(oldId));
  const memoFiles = archive.entries.filter((entry) => /^memos\/.+\.md$/.test(entry.path));
  for (const entry of memoFiles) {
    if (isOversizedNote(plan, entry)) continue;
    const text = await archive.text(entry);
    let front: ReturnType<typeof splitFrontMatter>;
    try {
      front = splitFrontMatter(text);
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      plan.problems.push({ file: entry.path, reason: error.message });
      continue;
    }
    const data = front.data;
    const createdTs = toSeconds(data.created);
    if (createdTs === undefined) {
      plan.problems.push({ file: entry.path, reason: "the front matter has no readable created time" });
      continue;
    }
    const attachments: number[] = [];
    for (const attachment of Array.isArray(data.attachments) ? (data.attachments as ExportedResource[]) : []) {
      const index = typeof attachment.id === "number" ? byOldId.get(attachment.id) : undefined;
      if (index !== undefined) {
        attachments.push(index);
        linked.add(index);
        continue;
      }
      // Not among the account's resources: another account's file the memo linked to, or a file left out.
      const planned = attachmentOf(
        { ...attachment, path: typeof attachment.path === "string" ? posix.join(posix.dirname(entry.path), attachment.path) : undefined },
        files,
      );
      if (typeof planned === "string") {
        plan.problems.push({ file: entry.path, reason: `attachment "${String(attachment.name)}" was left out: ${planned}` });
        continue;
      }
      plan.attachments.push(planned);
      attachments.push(plan.attachments.length - 1);
      linked.add(plan.attachments.length - 1);
    }
    originals.push(
      data.links && typeof data.links === "object" && !Array.isArray(data.links) ? (data.links as Record<string, unknown>) : {},
    );
    plan.memos.push({
      source: entry.path,
      ...(typeof data.id === "number" ? { exportedId: data.id } : {}),
      content: front.body,
      createdTs,
      updatedTs: toSeconds(data.updated) ?? createdTs,
      visibility: isVisibility(data.visibility) ? data.visibility : undefined,
      pinned: data.pinned === true,
      archived: data.archived === true,
      location: locationOfFile(data.location),
      attachments,
      ...(typeof data.id === "number" && history.has(data.id)
        ? { versions: history.get(data.id)!.sort((a, b) => a.replacedTs - b.replacedTs) }
        : {}),
      ...(typeof data.id === "number" && comments.has(data.id) ? { comments: comments.get(data.id)! } : {}),
    });
    for (const comment of typeof data.id === "number" ? (comments.get(data.id) ?? []) : [])
      for (const file of comment.attachments) linked.add(file);
  }
  plan.standalone = plan.attachments.map((_, index) => index).filter((index) => !linked.has(index));

  const byPath = new Map<string, number>();
  plan.attachments.forEach((attachment, index) => {
    if (attachment.entry && !byPath.has(attachment.entry.path)) byPath.set(attachment.entry.path, index);
  });
  const archived: ArchiveFiles = { attachments: plan.attachments, byOldId, byPath };
  for (const [n, memo] of plan.memos.entries()) {
    memo.content = linkArchiveFiles(memo.content, memo.source, archived, originals[n]!);
    for (const version of memo.versions ?? []) version.content = linkArchiveFiles(version.content, memo.source, archived, {});
    for (const comment of memo.comments ?? []) comment.content = linkArchiveFiles(comment.content, memo.source, archived, {});
  }

  const shortcuts = await readJson(archive, files.get("shortcuts.json"), plan);
  for (const shortcut of Array.isArray(shortcuts) ? (shortcuts as Array<Record<string, unknown>>) : []) {
    if (
      typeof shortcut.title !== "string" ||
      typeof shortcut.payload !== "string" ||
      shortcut.title.length > INPUT_LIMITS.shortcutTitle ||
      shortcut.payload.length > INPUT_LIMITS.shortcutPayload
    ) {
      plan.problems.push({ file: "shortcuts.json", reason: `shortcut ${String(shortcut.id)} has no title or filter, or one too long` });
      continue;
    }
    const createdTs = toSeconds(shortcut.created) ?? 0;
    plan.shortcuts.push({
      title: shortcut.title,
      payload: shortcut.payload,
      archived: shortcut.archived === true,
      createdTs,
      updatedTs: toSeconds(shortcut.updated) ?? createdTs,
    });
  }
  return plan;
}
