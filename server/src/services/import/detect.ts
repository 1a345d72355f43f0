// Which kind of archive this is, from what it holds (never from its name): our own export has a manifest.json
// saying so; a Google Keep Takeout has Keep/<note>.json; a flomo export has an HTML page of `.memo` blocks;
// anything else with Markdown or text notes is a folder of notes.
import { badRequest } from "../../errors.js";
import type { Archive } from "./archive.js";
import { looksLikeFlomo, readFlomo } from "./flomo.js";
import { isKeepNote, readGoogleKeep } from "./google-keep.js";
import { isIgnoredPath, isNotePath, readMarkdownFolder } from "./markdown.js";
import { linkPlannedMemos } from "./memo-links.js";
import { readMemosExport } from "./memos-export.js";
import type { ImportPlan } from "./plan.js";

/** The HTML pages looked at for a flomo export, shallowest first, and how much of each. */
const MAX_HTML_PAGES = 5;
const HTML_HEAD_BYTES = 256 * 1024;

async function manifestFormat(archive: Archive): Promise<{ format?: unknown; scope?: unknown } | null> {
  const manifest = archive.entries.find((entry) => entry.path === "manifest.json");
  if (!manifest) return null;
  try {
    return JSON.parse(await archive.text(manifest)) as { format?: unknown; scope?: unknown };
  } catch {
    return null;
  }
}

/** What `archive` holds, as a plan whose links between memos point only at memos of the archive (memo-links.ts). */
export async function readPlan(archive: Archive): Promise<ImportPlan> {
  return linkPlannedMemos(await readFormat(archive));
}

async function readFormat(archive: Archive): Promise<ImportPlan> {
  const manifest = await manifestFormat(archive);
  if (manifest?.format === "memos-export") {
    if (manifest.scope === "instance") {
      throw badRequest(
        "Invalid archive: this is a whole-instance export; import it account by account, or move the instance with `npm run transfer`",
        { reason: "import.instance-archive" },
      );
    }
    return readMemosExport(archive);
  }
  if (archive.entries.some((entry) => isKeepNote(entry.path))) return readGoogleKeep(archive);

  const pages = archive.entries
    .filter((entry) => /\.html?$/i.test(entry.path) && !isIgnoredPath(entry.path))
    .sort((a, b) => a.path.split("/").length - b.path.split("/").length)
    .slice(0, MAX_HTML_PAGES);
  for (const page of pages) {
    if (looksLikeFlomo(await archive.head(page, HTML_HEAD_BYTES))) return readFlomo(archive, page, await archive.text(page));
  }
  if (archive.entries.some((entry) => isNotePath(entry.path))) return readMarkdownFolder(archive);
  throw badRequest(
    "Invalid archive: no notes found in it (expected a memos export, a folder of Markdown files, a flomo HTML export or a Google Keep Takeout)",
    { reason: "import.no-notes" },
  );
}
