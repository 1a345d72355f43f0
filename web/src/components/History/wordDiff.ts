// Word-level changes between two versions of a memo: runs of words kept, added or removed, in reading order.
import { diffWordsWithSpace } from "diff";

export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** How `older` became `newer`, word by word (spaces and line breaks kept, so the text reads as written). */
export function wordDiff(older: string, newer: string): DiffPart[] {
  return diffWordsWithSpace(older, newer).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

/** Whether anything but whitespace changed. */
export const changesWords = (parts: readonly DiffPart[]): boolean => parts.some((part) => part.kind !== "same" && part.text.trim() !== "");
