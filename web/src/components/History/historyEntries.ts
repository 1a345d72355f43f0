// The history dialog's list: the memo as it is now, then its kept versions newest first; each compared with the
// version before it (the next one down), so an entry shows its own text with what it changed marked, and Restore
// gives back exactly that text. Two entries whose times read alike ("now", "2 minutes ago") show theirs to the second.
import type { Memo, MemoRevision, Visibility } from "@memos/common";
import { formatMemoTime } from "../../utils/time";

export interface HistoryEntry {
  /** The kept version; unset for the current one. */
  revision?: MemoRevision;
  /** Shown before its time: "Current version" for the current one. */
  label?: string;
  content: string;
  visibility: Visibility;
  writtenMs: number;
  /** The version before it, to mark what changed; unset for the oldest kept (or loaded) version. */
  older?: { content: string; visibility: Visibility };
  /** Its relative time reads like another entry's: show the full time, to the second. */
  showSeconds: boolean;
}

/** `revisions` newest first, as the server pages them (the last loaded one is shown whole, nothing marked). */
export function historyEntries(memo: Memo, revisions: readonly MemoRevision[], currentLabel: string, now = Date.now()): HistoryEntry[] {
  const versions = [
    { content: memo.content, visibility: memo.visibility, writtenMs: memo.updatedTs * 1000, label: currentLabel },
    ...revisions.map((revision) => ({
      revision,
      content: revision.content,
      visibility: revision.visibility,
      writtenMs: revision.createdTs * 1000,
    })),
  ];
  const relative = versions.map((version) => formatMemoTime(version.writtenMs, now));
  return versions.map((version, index) => {
    const older = versions[index + 1];
    const alike = relative.some((text, other) => other !== index && text === relative[index]);
    return {
      ...version,
      ...(older ? { older: { content: older.content, visibility: older.visibility } } : {}),
      showSeconds: alike,
    };
  });
}
