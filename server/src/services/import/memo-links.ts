// Links between an archive's memos, made links between the memos the import adds. Our export keeps a memo's links as
// they were stored (`[label](/m/<id>)`, `see /m/<id>`), with the ids of the instance it came from; here those ids
// are other memos, perhaps a stranger's. A link to a memo of the archive becomes a token (plan.ts) that takes the
// new memo's id; every other link to a memo loses its address: a Markdown link keeps its words, a bare reference
// stays as written but in code, where it links nowhere. Every reader's plan passes here (detect.ts), so no format
// brings in a link to a memo it does not hold.
import { replaceMemoLinks } from "@memos/common";
import { type ImportPlan, memoLinkToken, memoReferenceToken } from "./plan.js";

export function linkPlannedMemos(plan: ImportPlan): ImportPlan {
  const byExportedId = new Map<number, number>();
  for (const [index, memo] of plan.memos.entries()) {
    if (memo.exportedId !== undefined && !byExportedId.has(memo.exportedId)) byExportedId.set(memo.exportedId, index);
  }
  const relink = (text: string) =>
    replaceMemoLinks(text, ({ id, label }) => {
      const index = byExportedId.get(id);
      if (index !== undefined) return label === undefined ? memoReferenceToken(index) : `[${label}](${memoLinkToken(index)})`;
      return label === undefined || label.trim() === "" ? `\`/m/${id}\`` : label;
    });
  for (const memo of plan.memos) {
    memo.content = relink(memo.content);
    for (const version of memo.versions ?? []) version.content = relink(version.content);
    for (const comment of memo.comments ?? []) comment.content = relink(comment.content);
  }
  return plan;
}
