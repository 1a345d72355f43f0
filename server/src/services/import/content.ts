// A planned memo's text as it is stored: the readers write links to the archive's files and to its other notes as
// tokens (plan.ts), which become links once the files and memos have ids; and what an import's preview shows of it.
import { sanitizeUploadFilename } from "@memos/common";
import { ATTACHMENT_TOKEN, type ImportPlan, MEMO_LINK_TOKEN, MEMO_REFERENCE_TOKEN, type PlannedAttachment, resourceLink } from "./plan.js";

export const storedName = (attachment: PlannedAttachment) => sanitizeUploadFilename(attachment.filename) || "file";

/** What each token stands for: an id, "_" while it has none yet, or (a memo that is not imported) null. */
export interface LinkTargets {
  file(index: number): number | "_";
  memo(index: number): number | "_" | null;
}

export function finalContent(content: string, plan: ImportPlan, targets: LinkTargets): string {
  return content
    .replace(ATTACHMENT_TOKEN, (_, n: string) => {
      const attachment = plan.attachments[Number(n)]!;
      return attachment.url ?? resourceLink(targets.file(Number(n)), storedName(attachment));
    })
    .replace(MEMO_LINK_TOKEN, (_, label: string, n: string) => {
      const id = targets.memo(Number(n));
      return id === null ? label : `[${label}](/m/${id})`;
    })
    .replace(MEMO_REFERENCE_TOKEN, (_, n: string) => {
      const id = targets.memo(Number(n));
      return id === null ? plannedTitle(plan, Number(n)) : `/m/${id}`;
    });
}

/** A planned memo's first words, its tokens left out: what a reference to it reads when it is not imported. */
function plannedTitle(plan: ImportPlan, index: number): string {
  const content = plan.memos[index]!.content.replace(/[\uE000\uE004]\d+[\uE001\uE005]/g, "").replace(/\uE002\d+\uE003/g, "");
  return previewTitle(content) || `memo ${index + 1} of the archive`;
}

/** The files and memos a planned memo's text links to, by their indexes in the plan. */
export function tokensIn(content: string): { files: number[]; memos: number[] } {
  return {
    files: [...content.matchAll(ATTACHMENT_TOKEN)].map((match) => Number(match[1])),
    memos: [
      ...[...content.matchAll(MEMO_LINK_TOKEN)].map((match) => Number(match[2])),
      ...[...content.matchAll(MEMO_REFERENCE_TOKEN)].map((match) => Number(match[1])),
    ],
  };
}

const MAX_TITLE = 80;

/**
 * A memo's first line for a preview: the first line with words, without Markdown's marks (heading, quote, list,
 * task box, emphasis) and with links reduced to their text; at most 80 characters.
 */
export function previewTitle(content: string): string {
  for (const line of content.split("\n")) {
    const words = line
      .replace(/^\s*(?:>\s*)*/, "")
      .replace(/^#{1,6}\s+/, "")
      .replace(/^(?:[-*+]|\d+[.)])\s+/, "")
      .replace(/^\[[ xX]\]\s+/, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/(\*\*|__|~~|`)/g, "")
      .trim();
    if (words === "") continue;
    const chars = [...words];
    return chars.length <= MAX_TITLE ? words : `${chars.slice(0, MAX_TITLE - 1).join("")}…`;
  }
  return "";
}
