// history.jsonl of our own export: the versions of the memos, one JSON object a line (export.presenter.ts
// historyEntry). Read into versions by the archive's memo id.
import { MAX_MEMO_CONTENT_BYTES, REVISION_SOURCES, type RevisionSource, type Visibility, VISIBILITIES } from "@memos/common";
import type { Archive, ArchiveEntry } from "./archive.js";
import { eachJsonLine } from "./json-lines.js";
import { type ImportPlan, locationOfFile, type PlannedVersion, toSeconds } from "./plan.js";

export async function readHistoryLines(
  archive: Archive,
  entry: ArchiveEntry | undefined,
  plan: ImportPlan,
): Promise<Map<number, PlannedVersion[]>> {
  const byMemo = new Map<number, PlannedVersion[]>();
  await eachJsonLine(archive, entry, plan, (value) => {
    const createdTs = toSeconds(value.created);
    const replacedTs = toSeconds(value.replaced);
    if (typeof value.memo !== "number" || typeof value.content !== "string" || createdTs === undefined || replacedTs === undefined) {
      return "a version needs memo, content, created and replaced";
    }
    if (Buffer.byteLength(value.content) > MAX_MEMO_CONTENT_BYTES) return `the version is longer than ${MAX_MEMO_CONTENT_BYTES} bytes`;
    const versions = byMemo.get(value.memo) ?? [];
    versions.push({
      content: value.content,
      visibility: VISIBILITIES.includes(value.visibility as Visibility) ? (value.visibility as Visibility) : "PRIVATE",
      createdTs,
      replacedTs,
      source: REVISION_SOURCES.includes(value.source as RevisionSource) ? (value.source as RevisionSource) : null,
      location: locationOfFile(value.location),
    });
    byMemo.set(value.memo, versions);
    return null;
  });
  return byMemo;
}
