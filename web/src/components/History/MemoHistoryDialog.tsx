// A memo's history, for its author: the kept versions newest first, each with when it was written, by what, and
// the words that changed from it to the next version; Restore makes a version current (undoable in turn).
import type { Memo, MemoRevision } from "@memos/common";
import { History, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useMemoRevisions, useRestoreRevision } from "../../queries/history";
import { toast } from "../../state/toast";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import { changesWords, wordDiff } from "./wordDiff";

interface Props {
  memo: Memo;
  onClose: () => void;
}

export default function MemoHistoryDialog({ memo, onClose }: Props) {
  const { t } = useTranslation();
  const history = useMemoRevisions(memo.id);
  const restore = useRestoreRevision(memo.id);
  const revisions = history.data?.pages.flatMap((page) => page.revisions) ?? [];

  const restoreVersion = async (revision: MemoRevision) => {
    try {
      await restore.mutateAsync(revision.id);
      toast.success(t("history.restored"));
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  } else if (history.isError) {
    body = (
      <p role="alert" className="py-12 text-center text-sm text-red-600 dark:text-red-400">
        {errorMessage(history.error, t)}
      </p>
    );
  } else if (revisions.length === 0) {
    body = <p className="py-12 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("history.empty")}</p>;
  } else {
    body = (
      <ol className="flex flex-col gap-3" aria-label={t("history.versions")}>
        {revisions.map((revision, index) => {
          const newer = index === 0 ? memo : revisions[index - 1]!;
          return (
            <Version
              key={revision.id}
              revision={revision}
              newer={newer}
              busy={restore.isPending && restore.variables === revision.id}
              onRestore={() => void restoreVersion(revision)}
            />
          );
        })}
      </ol>
    );
  }

  return (
    <Dialog open onClose={onClose} title={t("history.title")} size="lg">
      <p className="mb-3 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <History className="size-4 shrink-0" aria-hidden />
        {t("history.hint")}
      </p>
      {body}
      {history.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            {t("history.fetch-more")}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}

function sourceLabel(revision: MemoRevision, t: ReturnType<typeof useTranslation>["t"]): string | null {
  if (revision.source === null) return null;
  if (revision.source === "token")
    return revision.accessToken ? t("history.source.token", { name: revision.accessToken.name }) : t("history.source.token-gone");
  return t(`history.source.${revision.source}`);
}

interface VersionProps {
  revision: MemoRevision;
  /** The version that replaced it (the memo itself for the newest). */
  newer: { content: string; visibility: Memo["visibility"] };
  busy: boolean;
  onRestore: () => void;
}

function Version({ revision, newer, busy, onRestore }: VersionProps) {
  const { t, i18n } = useTranslation();
  const writtenMs = revision.createdTs * 1000;
  const parts = wordDiff(revision.content, newer.content);
  const source = sourceLabel(revision, t);
  const visibilityChanged = revision.visibility !== newer.visibility;
  return (
    <li className="rounded-xl border border-zinc-200 bg-white px-4 pt-2 pb-3 dark:border-zinc-700 dark:bg-zinc-800/60">
      <div className="mb-1 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
          <time dateTime={new Date(writtenMs).toISOString()} title={formatFullTime(writtenMs)}>
            {formatMemoTime(writtenMs, Date.now(), i18n.language)}
          </time>
          {source ? <span> · {source}</span> : null}
        </p>
        <Button variant="ghost" onClick={onRestore} disabled={busy} icon={<RotateCcw className="size-4" aria-hidden />} className="-mr-2">
          {t("history.restore")}
        </Button>
      </div>
      {visibilityChanged ? (
        <p className="mb-1 text-xs text-zinc-700 dark:text-zinc-300">
          {t("history.visibility-changed", {
            from: t(`memo.visibility.${revision.visibility}`),
            to: t(`memo.visibility.${newer.visibility}`),
          })}
        </p>
      ) : null}
      {changesWords(parts) ? (
        <p
          className="max-h-64 overflow-auto text-sm leading-6 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
          aria-label={t("history.changes")}
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
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("history.same-text")}</p>
      )}
    </li>
  );
}
