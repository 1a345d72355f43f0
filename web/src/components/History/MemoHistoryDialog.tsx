// A memo's history, for its author: the current version on top, then the kept versions newest first, each shown as
// it was, with the words that changed from the version before it marked, when it was written and by what; Restore
// makes a kept version current again (undoable in turn), with exactly the text shown. The dialog is on the stack as
// `history-<memo id>` (state/dialogs.ts), so Back closes it and its address opens it.
import type { MemoRevision, Visibility } from "@memos/common";
import { History, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMemoRevisions, useRestoreRevision } from "../../queries/history";
import { useMemoDetail } from "../../queries/memos";
import type { StackDialogProps } from "../../state/dialogs";
import { toast } from "../../state/toast";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { Button } from "../ui/Button";
import { PagedListDialog } from "../ui/PagedListDialog";
import { type HistoryEntry, historyEntries } from "./historyEntries";
import { changesWords, wordDiff } from "./wordDiff";

export default function MemoHistoryDialog({ memoId = 0, onClose }: StackDialogProps) {
  const { t } = useTranslation();
  const memo = useMemoDetail(memoId);
  const history = useMemoRevisions(memoId);
  const restore = useRestoreRevision(memoId);
  const revisions = history.data?.pages.flatMap((page) => page.revisions) ?? [];

  const restoreVersion = async (revision: MemoRevision) => {
    try {
      await restore.mutateAsync(revision.id);
      toast.success(t("history.restored"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const failure = memo.error ?? history.error;
  // The current version heads the list: none is shown until the memo itself is read.
  const entries = memo.data && !history.isPending ? historyEntries(memo.data, revisions, t("history.current")) : [];
  return (
    <PagedListDialog
      onClose={onClose}
      title={t("history.title")}
      size="lg"
      pages={{
        isPending: !failure && entries.length === 0,
        error: failure,
        hasNextPage: history.hasNextPage,
        isFetchingNextPage: history.isFetchingNextPage,
        fetchNextPage: history.fetchNextPage,
      }}
      items={entries}
      itemKey={(entry) => entry.revision?.id ?? "current"}
      renderItem={(entry) => (
        <Version
          entry={entry}
          busy={entry.revision !== undefined && restore.isPending && restore.variables === entry.revision.id}
          onRestore={entry.revision ? () => void restoreVersion(entry.revision!) : undefined}
        />
      )}
      empty={t("history.empty")}
      listLabel={t("history.versions")}
      ordered
      intro={
        <p className="mb-3 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <History className="size-4 shrink-0" aria-hidden />
          {t("history.hint")}
        </p>
      }
      note={
        revisions.length === 0 ? <p className="pt-4 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("history.empty")}</p> : null
      }
    />
  );
}

function sourceLabel(revision: MemoRevision, t: ReturnType<typeof useTranslation>["t"]): string | null {
  if (revision.source === null) return null;
  if (revision.source === "token")
    return revision.accessToken ? t("history.source.token", { name: revision.accessToken.name }) : t("history.source.token-gone");
  return t(`history.source.${revision.source}`);
}

interface VersionProps {
  entry: HistoryEntry;
  busy: boolean;
  /** Unset for the current version. */
  onRestore?: () => void;
}

function Version({ entry, busy, onRestore }: VersionProps) {
  const { t, i18n } = useTranslation();
  const source = entry.revision ? sourceLabel(entry.revision, t) : null;
  const older: { content: string; visibility: Visibility } | undefined = entry.older;
  const parts = older ? wordDiff(older.content, entry.content) : [{ kind: "same" as const, text: entry.content }];
  const time = entry.showSeconds ? formatFullTime(entry.writtenMs) : formatMemoTime(entry.writtenMs, Date.now(), i18n.language);
  return (
    <li
      aria-current={entry.revision ? undefined : "true"}
      className={`rounded-xl border px-4 pt-2 pb-3 ${
        entry.revision
          ? "border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800/60"
          : "border-green-600/40 bg-green-50/40 dark:border-green-500/40 dark:bg-green-900/10"
      }`}
    >
      <div className="mb-1 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
          {entry.label ? <span className="font-medium text-zinc-800 dark:text-zinc-200">{entry.label} · </span> : null}
          <time dateTime={new Date(entry.writtenMs).toISOString()} title={formatFullTime(entry.writtenMs)}>
            {time}
          </time>
          {source ? <span> · {source}</span> : null}
        </p>
        {onRestore ? (
          <Button variant="ghost" onClick={onRestore} disabled={busy} icon={<RotateCcw className="size-4" aria-hidden />} className="-mr-2">
            {t("history.restore")}
          </Button>
        ) : null}
      </div>
      {older && older.visibility !== entry.visibility ? (
        <p className="mb-1 text-xs text-zinc-700 dark:text-zinc-300">
          {t("history.visibility-changed", {
            from: t(`memo.visibility.${older.visibility}`),
            to: t(`memo.visibility.${entry.visibility}`),
          })}
        </p>
      ) : null}
      {older && !changesWords(parts) ? <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{t("history.same-text")}</p> : null}
      <p
        className="max-h-64 overflow-auto text-sm leading-6 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
        aria-label={older ? t("history.changes") : t("history.text")}
      >
        {parts.map((part, index) =>
          part.kind === "same" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder
            <span key={index}>{part.text}</span>
          ) : part.kind === "removed" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder
            <del key={index} className="rounded-sm bg-red-100 text-red-800 dark:bg-red-500/25 dark:text-red-200">
              {part.text}
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder
            <ins key={index} className="rounded-sm bg-green-100 text-green-900 no-underline dark:bg-green-500/25 dark:text-green-200">
              {part.text}
            </ins>
          ),
        )}
      </p>
    </li>
  );
}
