// What a memo card can do: pin, archive, delete, toggle a todo, copy its link or embed code.
import type { Memo } from "@memos/common";
import { useTranslation } from "react-i18next";
import i18n from "../../i18n";
import { useDeleteMemo, usePatchMemo, usePinMemo } from "../../queries/memos";
import { useRestoreFromTrash } from "../../queries/trash";
import { copyWithToast } from "../../utils/clipboard";
import { setTodo } from "../../markdown/todo";
import { useUndoableAttempt } from "./useUndoableAttempt";

const memoLink = (id: number) => `${window.location.origin}/m/${id}`;

/**
 * The embed code: an iframe of a sensible fixed height, and a script that sets it to the card's height (the embed
 * page posts it, `memos:embed-height`). Without the script the iframe keeps 320 px and scrolls (docs/api.md).
 */
const embedCode = (id: number) => {
  const origin = window.location.origin;
  return (
    `<iframe src="${origin}/m/${id}/embed" title="Memo ${id}" data-memos-embed style="width:100%;height:320px;min-width:256px;border:0;" loading="lazy"></iframe>\n` +
    `<script>addEventListener("message",function(e){if(e.origin!=="${origin}"||!e.data||e.data.type!=="memos:embed-height")return;` +
    `document.querySelectorAll("iframe[data-memos-embed]").forEach(function(f){if(f.contentWindow===e.source)f.style.height=e.data.height+"px"})});</script>`
  );
};

/**
 * Copies a memo's link or embed code. A private memo opens for nobody else, and a protected one not for visitors:
 * the toast says so, so nobody shares a link that will not open.
 */
export function copyShare(memo: Pick<Memo, "id" | "visibility">, what: "link" | "embed"): void {
  const text = what === "link" ? memoLink(memo.id) : embedCode(memo.id);
  if (memo.visibility === "PRIVATE") void copyWithToast(text, i18n.t(`message.copied-${what}-private`), "info");
  else if (memo.visibility === "PROTECTED" && what === "embed") void copyWithToast(text, i18n.t("message.copied-embed-protected"), "info");
  else void copyWithToast(text, i18n.t(`message.copied-${what}`));
}

export function useMemoActions(memo: Memo) {
  const { t } = useTranslation();
  const patch = usePatchMemo();
  const pin = usePinMemo();
  const remove = useDeleteMemo();
  const restore = useRestoreFromTrash();

  const attempt = useUndoableAttempt()(memo.id);

  return {
    togglePin: () =>
      attempt(
        () => pin.mutateAsync({ id: memo.id, pinned: !memo.pinned }),
        t(memo.pinned ? "message.memo-unpinned" : "message.memo-pinned"),
        () => pin.mutateAsync({ id: memo.id, pinned: memo.pinned }),
      ),
    archive: () =>
      attempt(
        () => patch.mutateAsync({ id: memo.id, patch: { rowStatus: "ARCHIVED" } }),
        t("message.memo-archived"),
        () => patch.mutateAsync({ id: memo.id, patch: { rowStatus: "NORMAL" } }),
      ),
    // No confirmation first: the memo goes to the trash, and Undo brings it back.
    remove: () =>
      attempt(
        () => remove.mutateAsync(memo.id),
        t("message.memo-deleted"),
        () => restore.mutateAsync(memo.id),
      ),
    toggleTodo: (index: number, checked: boolean) => {
      const content = setTodo(memo.content, index, checked);
      if (content === memo.content) return;
      void attempt(() => patch.mutateAsync({ id: memo.id, patch: { content } }));
    },
    copyLink: () => copyShare(memo, "link"),
    copyEmbed: () => copyShare(memo, "embed"),
  };
}
