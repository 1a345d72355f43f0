// The sidebar's shortcuts (saved filters), "pinned" ones (rowStatus ARCHIVED, as v0) first. Clicking one
// selects it (shortcutId in the query string) or deselects it; its menu pins, edits or deletes it.
import type { Shortcut } from "@memos/common";
import { Bookmark, MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { sortShortcuts, useShortcutMutations, useShortcuts } from "../../queries/sidebar";
import { useFilter } from "../../state/filter";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Menu } from "../ui/Menu";
import { ROW_MENU_TRIGGER, SectionHeader } from "./SectionHeader";
import { useOpenedOnce } from "../ui/useOpenedOnce";

// Its code loads when it is first opened: the first screen has no use for it.
const ShortcutDialog = lazy(withAllStrings(() => import("./ShortcutDialog").then((module) => ({ default: module.ShortcutDialog }))));

export function ShortcutList() {
  const { t } = useTranslation();
  const { data } = useShortcuts();
  const { filter, update } = useFilter();
  const { patch, remove } = useShortcutMutations();
  const shortcuts = useMemo(() => sortShortcuts(data ?? []), [data]);
  const [editing, setEditing] = useState<Shortcut | "new" | null>(null);
  const [deleting, setDeleting] = useState<Shortcut | null>(null);
  const dialogWanted = useOpenedOnce(editing !== null);

  const togglePin = (shortcut: Shortcut) =>
    patch.mutate({ id: shortcut.id, rowStatus: shortcut.rowStatus === "ARCHIVED" ? "NORMAL" : "ARCHIVED" });

  const confirmDelete = async (shortcut: Shortcut) => {
    try {
      await remove.mutateAsync(shortcut.id);
      if (filter.shortcutId === shortcut.id) update({ shortcutId: undefined });
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <section aria-labelledby="sidebar-shortcuts">
      <SectionHeader
        id="sidebar-shortcuts"
        title={t("shortcut-list.title")}
        addLabel={t("shortcut-list.create")}
        onAdd={() => setEditing("new")}
      />
      <ul className="flex flex-col gap-0.5">
        {shortcuts.map((shortcut) => {
          const active = filter.shortcutId === shortcut.id;
          const pinned = shortcut.rowStatus === "ARCHIVED";
          return (
            <li
              key={shortcut.id}
              className={`group flex items-center rounded-lg ${active ? "bg-green-50 dark:bg-green-950/40" : "hover:bg-zinc-200/70 dark:hover:bg-zinc-800"}`}
            >
              <button
                type="button"
                aria-pressed={active}
                onClick={() => update({ shortcutId: active ? undefined : shortcut.id })}
                className={`flex h-10 min-w-0 flex-1 items-center gap-2 pl-2 text-left text-[15px] lg:h-8 ${
                  active ? "font-medium text-accent dark:text-green-400" : "text-zinc-700 dark:text-zinc-300"
                }`}
              >
                {pinned ? (
                  <Pin className="size-3.5 shrink-0 text-zinc-500 dark:text-zinc-400" aria-label={t("shortcut-list.pinned")} />
                ) : (
                  <Bookmark className="size-3.5 shrink-0 text-zinc-400" aria-hidden />
                )}
                <span className="truncate">{shortcut.title}</span>
              </button>
              <Menu
                label={t("shortcut-list.actions", { title: shortcut.title })}
                trigger={<MoreHorizontal className="size-4" aria-hidden />}
                triggerClassName={ROW_MENU_TRIGGER}
                items={[
                  {
                    key: "pin",
                    label: t(pinned ? "shortcut-list.unpin" : "shortcut-list.pin"),
                    icon: pinned ? <PinOff /> : <Pin />,
                    onSelect: () => togglePin(shortcut),
                  },
                  { key: "edit", label: t("common.edit"), icon: <Pencil />, onSelect: () => setEditing(shortcut) },
                  {
                    key: "delete",
                    label: t("common.delete"),
                    icon: <Trash2 />,
                    danger: true,
                    separated: true,
                    onSelect: () => setDeleting(shortcut),
                  },
                ]}
              />
            </li>
          );
        })}
      </ul>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ShortcutDialog shortcut={editing === "new" ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("shortcut-list.delete-title", { title: deleting?.title ?? "" })}
        confirmLabel={t("common.delete")}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
