// The signed-in user's archived memos, newest first, each with restore and delete; a select mode restores, tags,
// trashes or exports many at once.
import type { Memo } from "@memos/common";
import { ArchiveRestore, ListChecks, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isTempId, overlay } from "../../offline/outbox/plan";
import { useOutbox } from "../../offline/outbox/store";
import { useDeleteMemo, useMemoList, usePatchMemo } from "../../queries/memos";
import { useRestoreFromTrash } from "../../queries/trash";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { MemoContent } from "../Memo/MemoContent";
import { attachmentsToShow, MemoResources } from "../Memo/MemoResources";
import { Button } from "../ui/Button";
import { PagedListDialog } from "../ui/PagedListDialog";
import type { StackDialogProps } from "../../state/dialogs";
import { useMemoIds } from "../../queries/batch";
import { useSelection } from "../../state/selection";
import { SelectionBar } from "../Bulk/SelectionBar";
import { SelectOverlay } from "../Bulk/SelectOverlay";
import { useUndoableAttempt } from "../Memo/useUndoableAttempt";

const PARAMS = { rowStatus: "ARCHIVED" as const };

export default function ArchivedDialog({ onClose }: StackDialogProps) {
  const { t } = useTranslation();
  const list = useMemoList("archived", PARAMS);
  const select = useSelection();
  const matching = useMemoIds("archived", PARAMS, select.active);
  const patch = usePatchMemo();
  const remove = useDeleteMemo();
  const backFromTrash = useRestoreFromTrash();
  // Archived, restored or deleted offline: shown as it will be once the outbox is sent.
  const outbox = useOutbox((state) => state.entries);
  const memos = overlay(list.data?.pages.flat() ?? [], outbox, true);

  // Its toast sits inside this dialog while it is open, so Undo can be clicked.
  const attemptOn = useUndoableAttempt();

  const restore = (memo: Memo) =>
    attemptOn(memo.id)(
      () => patch.mutateAsync({ id: memo.id, patch: { rowStatus: "NORMAL" } }),
      t("message.restored-successfully"),
      () => patch.mutateAsync({ id: memo.id, patch: { rowStatus: "ARCHIVED" } }),
    );

  // No confirmation first: the memo goes to the trash, and Undo brings it back here.
  const moveToTrash = (memo: Memo) =>
    attemptOn(memo.id)(
      () => remove.mutateAsync(memo.id),
      t("message.memo-deleted"),
      () => backFromTrash.mutateAsync(memo.id),
    );

  const order = memos.map((memo) => memo.id);
  return (
    <PagedListDialog
      onClose={onClose}
      onEscape={select.active ? select.stop : undefined}
      title={t("archived.title")}
      pages={list}
      items={memos}
      itemKey={(memo) => memo.id}
      empty={t("archived.empty")}
      toolbar={
        select.active ? null : (
          <div className="mb-2 flex justify-end">
            <Button variant="ghost" onClick={select.start} icon={<ListChecks className="size-4" aria-hidden />}>
              {t("bulk.select")}
            </Button>
          </div>
        )
      }
      renderItem={(memo) => (
        <ArchivedMemo
          memo={memo}
          busy={patch.isPending && patch.variables?.id === memo.id}
          onRestore={() => void restore(memo)}
          onDelete={() => void moveToTrash(memo)}
          select={
            select.active && !isTempId(memo.id)
              ? { selected: select.selection.ids.has(memo.id), onToggle: (range) => select.click(memo.id, range, order) }
              : undefined
          }
        />
      )}
      footer={
        select.active ? <SelectionBar scope="archived" state={select} matching={matching.data ?? null} shown={memos} inDialog /> : undefined
      }
    />
  );
}

interface ArchivedMemoProps {
  memo: Memo;
  busy: boolean;
  onRestore: () => void;
  onDelete: () => void;
  /** Select mode: the item is the memo's checkbox. */
  select?: { selected: boolean; onToggle: (range: boolean) => void };
}

function ArchivedMemo({ memo, busy, onRestore, onDelete, select }: ArchivedMemoProps) {
  const { t, i18n } = useTranslation();
  const bodyId = useId();
  const archivedMs = memo.updatedTs * 1000;
  return (
    <li
      className={`relative rounded-xl border bg-white px-4 pt-2 pb-3 dark:bg-zinc-800/60 ${
        select?.selected
          ? "border-green-600 ring-1 ring-green-600 dark:border-green-500 dark:ring-green-500"
          : "border-zinc-200 dark:border-zinc-700"
      }`}
    >
      {select ? <SelectOverlay label={formatFullTime(memo.displayTs * 1000)} describedBy={bodyId} {...select} /> : null}
      <div id={bodyId} inert={Boolean(select)}>
        <div className="mb-1 flex min-h-8 items-center justify-between gap-2">
          <time
            dateTime={new Date(archivedMs).toISOString()}
            title={formatFullTime(archivedMs)}
            className="truncate text-xs text-zinc-600 dark:text-zinc-400"
          >
            {t("archived.archived-at", { time: formatMemoTime(archivedMs, Date.now(), i18n.language) })}
          </time>
          <div className={`-mr-2 flex shrink-0 gap-1 ${select ? "invisible" : ""}`}>
            <Button variant="ghost" onClick={onRestore} disabled={busy} icon={<ArchiveRestore className="size-4" aria-hidden />}>
              {t("archived.restore")}
            </Button>
            <Button
              variant="ghost"
              onClick={onDelete}
              icon={<Trash2 className="size-4" aria-hidden />}
              className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-500/10!"
            >
              {t("archived.delete")}
            </Button>
          </div>
        </div>
        <MemoContent content={memo.content} />
        <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} />
      </div>
    </li>
  );
}
