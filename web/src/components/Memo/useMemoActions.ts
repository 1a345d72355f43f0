// What a memo card can do: pin, archive, delete, toggle a todo, copy its link or embed code.
import type { Memo } from "@memos/common";
import { useTranslation } from "react-i18next";
import { useDeleteMemo, usePatchMemo, usePinMemo } from "../../queries/memos";
import { errorMessage, toast } from "../../state/toast";
import { copyWithToast } from "../../utils/clipboard";
import { setTodo } from "../../markdown/todo";

export const memoLink = (id: number) => `${window.location.origin}/m/${id}`;

/** The iframe the "copy embed code" item copies (docs/v0-wire.md#embed-code, byte for byte). */
export const embedCode = (id: number) =>
  `<iframe style="width:100%;height:auto;min-width:256px;" src="${window.location.origin}/m/${id}/embed" frameBorder="0"></iframe>`;

export function useMemoActions(memo: Memo) {
  const { t } = useTranslation();
  const patch = usePatchMemo();
  const pin = usePinMemo();
  const remove = useDeleteMemo();

  const attempt = async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) toast.success(success);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const copy = (text: string, success: string) => copyWithToast(text, success);

  return {
    togglePin: () =>
      attempt(
        () => pin.mutateAsync({ id: memo.id, pinned: !memo.pinned }),
        t(memo.pinned ? "message.memo-unpinned" : "message.memo-pinned"),
      ),
    archive: () => attempt(() => patch.mutateAsync({ id: memo.id, patch: { rowStatus: "ARCHIVED" } }), t("message.memo-archived")),
    remove: () => attempt(() => remove.mutateAsync(memo.id), t("message.memo-deleted")),
    toggleTodo: (index: number, checked: boolean) => {
      const content = setTodo(memo.content, index, checked);
      if (content === memo.content) return;
      void attempt(() => patch.mutateAsync({ id: memo.id, patch: { content } }));
    },
    copyLink: () => copy(memoLink(memo.id), t("message.copied-link")),
    copyEmbed: () => copy(embedCode(memo.id), t("message.copied-embed")),
  };
}
