// history.jsonl of our own export: the versions of the memos, one JSON object a line (export.presenter.ts
// historyEntry). Read into versions by the archive's memo id; a line that is not a version is a problem, not a stop.
import { MAX_MEMO_CONTENT_BYTES, REVISION_SOURCES, type RevisionSource, type Visibility, VISIBILITIES } from "@memos/common";
import type { Archive, ArchiveEntry } from "./archive.js";
import { type ImportPlan, type PlannedVersion, toSeconds } from "./plan.js";

const MAX_PROBLEM_LINES = 20;

export async function readHistoryLines(
  archive: Archive,
  entry: ArchiveEntry | undefined,
  plan: ImportPlan,
): Promise<Map<number, PlannedVersion[]>> {
  const byMemo = new Map<number, PlannedVersion[]>();
  if (!entry) return byMemo;
  let refused = 0;
  const refuse = (line: number, reason: string) => {
    refused += 1;
    if (refused <= MAX_PROBLEM_LINES) plan.problems.push({ file: entry.path, reason: `line ${line}: ${reason}` });
  };
  const lines = (await archive.text(entry)).split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch {
      refuse(index + 1, "not valid JSON");
      continue;
    }
    const createdTs = toSeconds(value.created);
    const replacedTs = toSeconds(value.replaced);
    if (typeof value.memo !== "number" || typeof value.content !== "string" || createdTs === undefined || replacedTs === undefined) {
      refuse(index + 1, "a version needs memo, content, created and replaced");
      continue;
    }
    if (Buffer.byteLength(value.content) > MAX_MEMO_CONTENT_BYTES) {
      refuse(index + 1, `the version is longer than ${MAX_MEMO_CONTENT_BYTES} bytes`);
      continue;
    }
    const versions = byMemo.get(value.memo) ?? [];
    versions.push({
      content: value.content,
      visibility: VISIBILITIES.includes(value.visibility as Visibility) ? (value.visibility as Visibility) : "PRIVATE",
      createdTs,
      replacedTs,
      source: REVISION_SOURCES.includes(value.source as RevisionSource) ? (value.source as RevisionSource) : null,
    });
    byMemo.set(value.memo, versions);
  }
  if (refused > MAX_PROBLEM_LINES)
    plan.problems.push({ file: entry.path, reason: `${refused - MAX_PROBLEM_LINES} more lines were left out` });
  return byMemo;
}
