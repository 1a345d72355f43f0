// The links in a memo of our own export to the archive's files, made links to the files the import stores (tokens,
// plan.ts): the relative paths the export writes (`../../attachments/<id>-<name>`), and the server's own links that
// older exports kept as stored (`/o/r/<old id>/<name>`, `/h/r/…`, with an origin or not; services/file-links.ts).
import { posix } from "node:path";
import { rewriteFileLinks } from "../file-links.js";
import { mapProse } from "../markdown-prose.js";
import { attachmentToken, type PlannedAttachment } from "./plan.js";

/** A relative path to the archive's attachments as a link's address: `](path)`, `](<path>)`, `src="path"`. */
const ARCHIVE_PATH = /(?<=\(|["'=])(?:\.\.\/)+attachments\/[^\s<>()"'[\]?#]+|(?<=\(<)(?:\.\.\/)+attachments\/[^<>\n]+(?=>)/g;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export interface ArchiveFiles {
  attachments: PlannedAttachment[];
  /** An attachment's index by the id the file had where it was exported. */
  byOldId: Map<number, number>;
  /** An attachment's index by its path in the archive. */
  byPath: Map<string, number>;
}

/**
 * `text` (a memo in `memoPath`) with its links to the archive's files as tokens. A relative path to a file the
 * archive lacks gets back the address the front matter's `links` says it had; anything else stays as written.
 */
export function linkArchiveFiles(text: string, memoPath: string, files: ArchiveFiles, originals: Record<string, unknown>): string {
  const stored = (index: number | undefined) => (index !== undefined && files.attachments[index]!.entry ? index : undefined);
  const withServerLinks = rewriteFileLinks(
    text,
    (id) => {
      const index = stored(files.byOldId.get(id));
      return index === undefined ? undefined : files.attachments[index]!.filename;
    },
    (link) => attachmentToken(files.byOldId.get(link.id)!) + link.suffix,
  );
  const dir = posix.dirname(memoPath);
  return mapProse(withServerLinks, (prose) =>
    prose.replace(ARCHIVE_PATH, (path) => {
      const index = stored(files.byPath.get(posix.normalize(posix.join(dir, decode(path)))));
      if (index !== undefined) return attachmentToken(index);
      const original = Object.hasOwn(originals, path) ? originals[path] : undefined;
      return typeof original === "string" ? original : path;
    }),
  );
}
