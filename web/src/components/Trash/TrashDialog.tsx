// The signed-in user's deleted memos, the latest first: each restored or deleted forever, or the whole trash
// emptied. Memos stay here for the host's number of days, then the server purges them.
import { memoFirstWords, type TrashedMemo } from "@memos/common";
import { ArchiveRestore, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTrash, useTrashActions } from "../../queries/trash";
import type { StackDialogProps } from "../../state/dialogs";
import { toast } from "../../state/toast";
import { formatDate, formatFullTime, formatMemoTime } from "../../utils/time";
import { MemoContent } from "../Memo/MemoContent";
import { attachmentsToShow, MemoResources } from "../Memo/MemoResources";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { PagedListDialog } from "../ui/PagedListDialog";

const DAY_SECONDS = 86_400;
const DANGER = "text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-500/10!";

export default function TrashDialog({ onClose }: StackDialogProps) {
  const { t } = useTranslation();
  const trash = useTrash();
  const { restore, remove, empty } = useTrashActions();
  const [confirming, setConfirming] = useState<TrashedMemo | "all" | null>(null);
  const memos = trash.data?.pages.flatMap((page) => page.memos) ?? [];
  const total = trash.data?.pages[0]?.total ?? 0;
  const days = memos[0] ? Math.round((memos[0].purgeTs - memos[0].trashedTs) / DAY_SECONDS) : null;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <PagedListDialog
      onClose={onClose}
      title={t("trash.title")}
      pages={trash}
      items={memos}
      itemKey={(memo) => memo.id}
      empty={t("trash.empty-list")}
      intro={days !== null ? <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">{t("trash.hint", { count: days })}</p> : null}
      renderItem={(memo) => (
        <TrashedMemoItem
          memo={memo}
          busy={restore.isPending && restore.variables === memo.id}
          onRestore={() => void run(() => restore.mutateAsync(memo.id), t("message.restored-successfully"))}
          onDelete={() => setConfirming(memo)}
        />
      )}
      footer={
        total > 0 ? (
          <Button variant="ghost" onClick={() => setConfirming("all")} icon={<Trash2 className="size-4" aria-hidden />} className={DANGER}>
            {t("trash.empty-trash")}
          </Button>
        ) : undefined
      }
    >
      {confirming === "all" ? (
        <ConfirmDialog
          open
          title={t("trash.empty-title")}
          body={t("trash.empty-body", { count: total })}
          confirmLabel={t("trash.empty-trash")}
          onConfirm={() => run(() => empty.mutateAsync(), t("message.trash-emptied"))}
          onClose={() => setConfirming(null)}
        />
      ) : confirming ? (
        <ConfirmDialog
          open
          title={t("trash.delete-title")}
          body={t("trash.delete-body")}
          confirmLabel={t("trash.delete-forever")}
          onConfirm={() => run(() => remove.mutateAsync(confirming.id), t("message.memo-deleted-forever"))}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </PagedListDialog>
  );
}

interface ItemProps {
  memo: TrashedMemo;
  busy: boolean;
  onRestore: () => void;
  onDelete: () => void;
}

function TrashedMemoItem({ memo, busy, onRestore, onDelete }: ItemProps) {
  const { t, i18n } = useTranslation();
  const trashedMs = memo.trashedTs * 1000;
  const named = memoFirstWords(memo.content) || `#${memo.id}`;
  return (
    <li className="rounded-xl border border-zinc-200 bg-white px-4 pt-2 pb-3 dark:border-zinc-700 dark:bg-zinc-800/60">
      <div className="mb-1 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
          <time dateTime={new Date(trashedMs).toISOString()} title={formatFullTime(trashedMs)}>
            {t("trash.deleted-at", { time: formatMemoTime(trashedMs, Date.now(), i18n.language) })}
          </time>
          <span> · {t("trash.purged-on", { date: formatDate(memo.purgeTs * 1000, i18n.language, "date") })}</span>
        </p>
        <div className="-mr-2 flex shrink-0 gap-1">
          {/* Named with the memo: a list of rows of "Restore" and "Delete forever" tells a screen reader nothing. */}
          <Button
            variant="ghost"
            onClick={onRestore}
            disabled={busy}
            aria-label={t("trash.restore-memo", { memo: named })}
            icon={<ArchiveRestore className="size-4" aria-hidden />}
          >
            {t("trash.restore")}
          </Button>
          <Button
            variant="ghost"
            onClick={onDelete}
            aria-label={t("trash.delete-memo", { memo: named })}
            icon={<Trash2 className="size-4" aria-hidden />}
            className={DANGER}
          >
            {t("trash.delete-forever")}
          </Button>
        </div>
      </div>
      <MemoContent content={memo.content} />
      <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} />
    </li>
  );
}
