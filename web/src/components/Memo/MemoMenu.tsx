// The card's "more" menu. Owners get pin, edit, created time, archive and delete; everyone can share and open.
import {
  Archive,
  CalendarClock,
  Code2,
  Ellipsis,
  History,
  Image,
  Link2,
  Maximize,
  Pencil,
  Pin,
  PinOff,
  Share2,
  Trash2,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Memo } from "@memos/common";
import { Menu, type MenuItem } from "../ui/Menu";
import type { useMemoActions } from "./useMemoActions";

export interface MemoMenuProps {
  memo: Memo;
  owner: boolean;
  actions: ReturnType<typeof useMemoActions>;
  onEdit: () => void;
  onChangeTime: () => void;
  onHistory: () => void;
  onDelete: () => void;
  onShareImage: () => void;
  /** The author's private share links (Share link…). */
  onShareLinks: () => void;
  /** Hidden on the detail page itself. */
  showDetail?: boolean;
}

export function MemoMenu({
  memo,
  owner,
  actions,
  onEdit,
  onChangeTime,
  onHistory,
  onDelete,
  onShareImage,
  onShareLinks,
  showDetail = true,
}: MemoMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const icon = (Icon: typeof Pin) => <Icon aria-hidden />;

  const items: MenuItem[] = [];
  // Pin comes with the author's actions. The server lets any other reader pin too (common's canPinMemo, for the
  // API's clients); this menu does not offer it on others' memos.
  if (owner) {
    items.push(
      {
        key: "pin",
        label: t(memo.pinned ? "memo.unpin" : "memo.pin"),
        icon: icon(memo.pinned ? PinOff : Pin),
        onSelect: () => void actions.togglePin(),
      },
      { key: "edit", label: t("memo.edit"), icon: icon(Pencil), onSelect: onEdit },
      { key: "time", label: t("memo.change-created-time"), icon: icon(CalendarClock), onSelect: onChangeTime },
      { key: "history", label: t("memo.history"), icon: icon(History), onSelect: onHistory },
    );
  }
  items.push(
    { key: "link", label: t("memo.copy-link"), icon: icon(Link2), onSelect: () => void actions.copyLink(), separated: owner },
    { key: "embed", label: t("memo.copy-embed"), icon: icon(Code2), onSelect: () => void actions.copyEmbed() },
    { key: "image", label: t("memo.share-image"), icon: icon(Image), onSelect: onShareImage },
  );
  if (owner) items.push({ key: "share-link", label: t("share-link.menu"), icon: icon(Share2), onSelect: onShareLinks });
  if (showDetail)
    items.push({ key: "detail", label: t("memo.view-detail"), icon: icon(Maximize), onSelect: () => navigate(`/m/${memo.id}`) });
  if (owner) {
    items.push(
      { key: "archive", label: t("memo.archive"), icon: icon(Archive), onSelect: () => void actions.archive(), separated: true },
      { key: "delete", label: t("memo.delete"), icon: icon(Trash2), onSelect: onDelete, danger: true },
    );
  }
  return <Menu label={t("memo.more")} trigger={<Ellipsis className="size-4" aria-hidden />} items={items} />;
}
