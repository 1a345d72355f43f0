// The JSON-lines files of our own export (history.jsonl, comments.jsonl): each line an object handed to `take`,
// which keeps it or says why not; a line that is not kept is a problem of the import, not a stop.
import type { Archive, ArchiveEntry } from "./archive.js";
import type { ImportPlan } from "./plan.js";

const MAX_PROBLEM_LINES = 20;

/** Reads `entry` (nothing when absent); `take` answers null for a line it keeps, else the reason it leaves it out. */
export async function eachJsonLine(
  archive: Archive,
  entry: ArchiveEntry | undefined,
  plan: ImportPlan,
  take: (value: Record<string, unknown>) => string | null,
): Promise<void> {
  if (!entry) return;
  let refused = 0;
  const refuse = (line: number, reason: string) => {
    refused += 1;
    if (refused <= MAX_PROBLEM_LINES) plan.problems.push({ file: entry.path, reason: `line ${line}: ${reason}` });
  };
  for (const [index, line] of (await archive.text(entry)).split("\n").entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      refuse(index + 1, "not valid JSON");
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      refuse(index + 1, "not a JSON object");
      continue;
    }
    const reason = take(value as Record<string, unknown>);
    if (reason !== null) refuse(index + 1, reason);
  }
  if (refused > MAX_PROBLEM_LINES)
    plan.problems.push({ file: entry.path, reason: `${refused - MAX_PROBLEM_LINES} more lines were left out` });
}
