// comments.jsonl of our own export: the comments the account wrote (export.presenter.ts commentEntry). Those on the
// account's own memos come back on the imported memos, by the archive's memo id; those on others' memos cannot (the
// memo is not in the archive) and are counted in one problem line.
import { memoContentProblem } from "@memos/common";
import type { Archive, ArchiveEntry } from "./archive.js";
import { eachJsonLine } from "./json-lines.js";
import { type ImportPlan, type PlannedComment, toSeconds } from "./plan.js";

/** The planned comments by the archive's memo id; `fileIndex` finds a resource of resources.json by its old id. */
export async function readCommentLines(
  archive: Archive,
  entry: ArchiveEntry | undefined,
  plan: ImportPlan,
  fileIndex: (oldId: number) => number | undefined,
): Promise<Map<number, PlannedComment[]>> {
  const byMemo = new Map<number, PlannedComment[]>();
  let elsewhere = 0;
  await eachJsonLine(archive, entry, plan, (value) => {
    const createdTs = toSeconds(value.created);
    if (typeof value.memo !== "number" || typeof value.content !== "string" || createdTs === undefined) {
      return "a comment needs memo, content and created";
    }
    const problem = memoContentProblem(value.content);
    if (problem?.reason === "memo.content-too-long") return `the comment is longer than ${problem.maximum} bytes`;
    if (problem) return `the comment has more than ${problem.maximum} tags`;
    if (value.ownMemo !== true) {
      elsewhere += 1;
      return null;
    }
    const attachments = (Array.isArray(value.attachments) ? value.attachments : [])
      .map((id) => (typeof id === "number" ? fileIndex(id) : undefined))
      .filter((index): index is number => index !== undefined);
    const comments = byMemo.get(value.memo) ?? [];
    comments.push({ content: value.content, createdTs, updatedTs: toSeconds(value.updated) ?? createdTs, attachments });
    byMemo.set(value.memo, comments);
    return null;
  });
  if (elsewhere > 0 && entry) {
    plan.problems.push({ file: entry.path, reason: `${elsewhere} comments on other accounts' memos stay in the archive only` });
  }
  return byMemo;
}
