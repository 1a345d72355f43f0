// A list's select mode bar: how many memos are selected, "select all that match", and the actions on the selection
// (tags, visibility, pins, archive or restore, trash, export). It stays at the bottom of the screen (of the dialog,
// in the archive) while the list scrolls.
import { extractTags, type Memo, VISIBILITIES, type Visibility } from "@memos/common";
import { Archive, ArchiveRestore, Download, Eye, ListChecks, Pin, PinOff, Tag, Tags, Trash2, X } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { useTagCounts } from "../../queries/sidebar";
import { holdsAll, type SelectionState } from "../../state/selection";
import { Button } from "../ui/Button";
import { Menu, type MenuItem } from "../ui/Menu";
import { Spinner } from "../ui/Spinner";
import { type BatchRequest, useBulkActions } from "./useBulkActions";

const BulkTagDialog = lazy(withAllStrings(() => import("./BulkTagDialog")));
const ConfirmDialog = lazy(withAllStrings(() => import("../ui/ConfirmDialog").then((module) => ({ default: module.ConfirmDialog }))));

/** The lists with a select mode: the home list and the archive. */
type BulkScope = "home" | "archived";

export interface SelectionBarProps {
  scope: BulkScope;
  state: SelectionState;
  /** What the list's filter matches, as the server selects it (GET /api/memo/ids); null while unknown. */
  matching: { ids: number[]; more: boolean } | null;
  /** The memos on screen, in order. */
  shown: readonly Memo[];
  /** The list is filtered on this device (a shortcut): "select all" takes the memos on screen. */
  shownOnly?: boolean;
  /** In a dialog's footer rather than at the bottom of the page. */
  inDialog?: boolean;
}

type Open = { kind: "addTags" | "removeTags" } | { kind: "trash" } | null;

/** After these the memos leave the list: the selection is done with. */
const LEAVING = new Set<BatchRequest["action"]>(["archive", "restore", "trash"]);

export function SelectionBar({ scope, state, matching, shown, shownOnly = false, inDialog = false }: SelectionBarProps) {
  const { t } = useTranslation();
  const { run, exportZip, busy } = useBulkActions();
  const [open, setOpen] = useState<Open>(null);
  const { selection } = state;
  const ids = [...selection.ids];
  const count = ids.length;
  const memos = (n: number) => t("memo-list.count", { count: n });
  const { data: tagCounts } = useTagCounts(open?.kind === "addTags");

  const everything = shownOnly ? shown.map((memo) => memo.id) : (matching?.ids ?? null);
  const selectAllLabel = shownOnly
    ? t("bulk.select-shown", { memos: memos(shown.length) })
    : matching?.more
      ? t("bulk.select-first", { memos: memos(matching.ids.length) })
      : t("bulk.select-all", { memos: memos(matching?.ids.length ?? 0) });

  const act = async (request: BatchRequest) => {
    await run(ids, request);
    if (LEAVING.has(request.action)) state.clear();
  };
  const attempt = (request: BatchRequest) => void act(request).catch(() => {});

  // The tags of the selected memos on screen, to pick from when removing.
  const selectedTags = useMemo(() => {
    const found = new Set<string>();
    for (const memo of shown) if (selection.ids.has(memo.id)) for (const tag of extractTags(memo.content)) found.add(tag);
    return [...found].sort();
  }, [shown, selection.ids]);

  const icon = (Icon: typeof Pin) => <Icon aria-hidden />;
  const visibilityItems: MenuItem[] = VISIBILITIES.map((visibility: Visibility, index) => ({
    key: `visibility-${visibility}`,
    label: t("bulk.set-visibility", { visibility: t(`memo.visibility.${visibility}`) }),
    icon: icon(Eye),
    separated: index === 0,
    onSelect: () => attempt({ action: "visibility", visibility }),
  }));
  const items: MenuItem[] = [
    ...(scope === "archived"
      ? [{ key: "restore", label: t("archived.restore"), icon: icon(ArchiveRestore), onSelect: () => attempt({ action: "restore" }) }]
      : []),
    {
      key: "addTags",
      label: t("bulk.add-tags"),
      icon: icon(Tag),
      onSelect: () => setOpen({ kind: "addTags" }),
      separated: scope === "archived",
    },
    { key: "removeTags", label: t("bulk.remove-tags"), icon: icon(Tags), onSelect: () => setOpen({ kind: "removeTags" }) },
    ...visibilityItems,
    ...(scope === "home"
      ? [
          { key: "pin", label: t("memo.pin"), icon: icon(Pin), onSelect: () => attempt({ action: "pin" }), separated: true },
          { key: "unpin", label: t("memo.unpin"), icon: icon(PinOff), onSelect: () => attempt({ action: "unpin" }) },
          { key: "archive", label: t("memo.archive"), icon: icon(Archive), onSelect: () => attempt({ action: "archive" }) },
        ]
      : []),
    { key: "export", label: t("bulk.export"), icon: icon(Download), onSelect: () => void exportZip(ids), separated: true },
    { key: "trash", label: t("bulk.trash"), icon: icon(Trash2), onSelect: () => setOpen({ kind: "trash" }), danger: true },
  ];

  const placement = inDialog
    ? "w-full"
    : "sticky bottom-2 z-30 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg max-sm:bottom-[max(0.5rem,env(safe-area-inset-bottom))] dark:border-zinc-700 dark:bg-zinc-800";
  return (
    <div role="toolbar" aria-label={t("bulk.toolbar")} className={`flex flex-wrap items-center gap-2 ${placement}`}>
      <Button variant="ghost" onClick={state.stop} icon={<X className="size-4" aria-hidden />}>
        {t("bulk.done-selecting")}
      </Button>
      <p role="status" className="min-w-0 flex-1 text-sm font-medium whitespace-nowrap text-zinc-700 dark:text-zinc-200">
        {t("bulk.selected", { count })}
      </p>
      {everything && everything.length > 0 ? (
        holdsAll(selection, everything) ? (
          <Button variant="ghost" onClick={state.clear} className="max-sm:order-last">
            {t("bulk.clear")}
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={() => state.add(everything)}
            icon={<ListChecks className="size-4" aria-hidden />}
            className="max-sm:order-last"
          >
            {selectAllLabel}
          </Button>
        )
      ) : null}
      {busy ? <Spinner className="size-4" /> : null}
      {count === 0 || busy ? (
        <Button variant="primary" disabled>
          {t("bulk.actions")}
        </Button>
      ) : (
        <Menu
          label={t("bulk.actions")}
          trigger={<span className="px-1 text-sm font-medium">{t("bulk.actions")}</span>}
          triggerClassName="w-auto! px-2 bg-green-700! text-white! hover:bg-green-800!"
          listClassName="max-h-[70vh]"
          items={items}
        />
      )}
      <Suspense fallback={null}>
        {open?.kind === "addTags" || open?.kind === "removeTags" ? (
          <BulkTagDialog
            mode={open.kind}
            count={count}
            suggestions={open.kind === "addTags" ? (tagCounts ?? []).map((tag) => tag.name) : selectedTags}
            onSubmit={(tags) => act({ action: open.kind, tags })}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open?.kind === "trash" ? (
          <ConfirmDialog
            open
            title={t("bulk.trash-title", { memos: memos(count) })}
            body={t("bulk.trash-body")}
            confirmLabel={t("bulk.trash")}
            onConfirm={() => act({ action: "trash" }).catch(() => {})}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
