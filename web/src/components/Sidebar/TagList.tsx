// The sidebar's tags as a collapsible tree of nested `#a/b` tags. Clicking a tag toggles the tag filter;
// a tag's menu renames or deletes it; + opens the create dialog.
import { formatCount } from "../../utils/number";
import { tagMatches } from "@memos/common";
import { ChevronRight, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { useTagCounts, useTagMutations, useTagSubtreeCounts, useTags } from "../../queries/sidebar";
import { useFilter } from "../../state/filter";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Menu } from "../ui/Menu";
import { ROW_MENU_TRIGGER, SectionHeader } from "./SectionHeader";
import { buildTagTree, nodeCount, type TagNode } from "./tagTree";

import { useOpenedOnce } from "../ui/useOpenedOnce";

// The dialogs' code loads when one is first opened: the first screen has no use for them.
const RenameTagDialog = lazy(withAllStrings(() => import("./RenameTagDialog")));
const CreateTagDialog = lazy(withAllStrings(() => import("./CreateTagDialog").then((module) => ({ default: module.CreateTagDialog }))));

interface TreeProps {
  nodes: TagNode[];
  depth: number;
  expanded: Set<string>;
  onToggleExpand: (path: string) => void;
  onRename: (tag: string) => void;
  onDelete: (tag: string) => void;
  /** Memos per exact tag (absent while loading). */
  counts: ReadonlyMap<string, number> | undefined;
  /** Memos of each parent's whole subtree, by path (absent while loading). */
  subtrees: ReadonlyMap<string, number> | undefined;
}

function TagTree({ nodes, depth, expanded, onToggleExpand, onRename, onDelete, counts, subtrees }: TreeProps) {
  const { t, i18n } = useTranslation();
  const { filter, update } = useFilter();
  const idPrefix = useId();
  const countId = (path: string) => `${idPrefix}-${encodeURIComponent(path)}`;
  return (
    <ul role={depth === 0 ? undefined : "group"} className="flex flex-col gap-0.5">
      {nodes.map((node) => {
        const open = expanded.has(node.path);
        const active = filter.tag === node.path;
        const shown = nodeCount(node, counts, subtrees);
        const count = shown?.count;
        // A tag with no memos (left) shows 0, dimmed; its menu removes it. The list cannot tell one just added
        // (no memo yet) from one whose memos are gone, so neither drops out.
        const idle = count === 0;
        return (
          <li key={node.path}>
            <div
              className={`group flex items-center rounded-lg ${active ? "bg-blue-50 dark:bg-blue-950/40" : "hover:bg-zinc-200/70 dark:hover:bg-zinc-800"}`}
            >
              <span style={{ width: depth * 14 }} className="shrink-0" />
              {node.children.length ? (
                <button
                  type="button"
                  onClick={() => onToggleExpand(node.path)}
                  aria-expanded={open}
                  aria-label={t(open ? "tag-list.collapse" : "tag-list.expand", { tag: node.path })}
                  className="flex h-10 w-8 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:text-zinc-700 lg:h-8 lg:w-6 dark:hover:text-zinc-200"
                >
                  <ChevronRight className={`size-4 transition-transform duration-200 ${open ? "rotate-90" : ""}`} aria-hidden />
                </button>
              ) : (
                <span className="h-10 w-8 shrink-0 lg:h-8 lg:w-6" />
              )}
              <button
                type="button"
                aria-pressed={active}
                aria-describedby={count !== undefined ? countId(node.path) : undefined}
                onClick={() => update({ tag: active ? undefined : node.path })}
                title={`#${node.path}`}
                data-idle={idle || undefined}
                className={`flex h-10 min-w-0 flex-1 items-center truncate text-left text-[15px] lg:h-8 ${
                  active
                    ? "font-medium text-tag dark:text-blue-400"
                    : idle
                      ? // Dimmed by style, not by a pale colour: the text keeps its 4.5:1 contrast on the sidebar.
                        "text-zinc-600 italic dark:text-zinc-400"
                      : "text-zinc-700 dark:text-zinc-300"
                }`}
              >
                <span className="mr-0.5 text-zinc-400" aria-hidden>
                  #
                </span>
                <span className="truncate">{node.name}</span>
                {count !== undefined ? (
                  <>
                    <span className="ml-auto shrink-0 pl-2 text-xs tabular-nums text-zinc-600 dark:text-zinc-400" aria-hidden>
                      {formatCount(count, i18n.language).shown}
                    </span>
                    {/* The button's name stays the tag; the count is its description. */}
                    <span id={countId(node.path)} hidden>
                      {t(shown?.subtree ? "daily.tag-subtree-memos" : "daily.tag-memos", { count })}
                    </span>
                  </>
                ) : null}
              </button>
              {node.tag !== null ? (
                <Menu
                  label={t("tag-list.actions", { tag: node.tag })}
                  trigger={<MoreHorizontal className="size-4" aria-hidden />}
                  triggerClassName={ROW_MENU_TRIGGER}
                  items={[
                    { key: "rename", label: t("tag-list.rename"), icon: <Pencil />, onSelect: () => onRename(node.tag!) },
                    { key: "delete", label: t("tag-list.delete"), icon: <Trash2 />, danger: true, onSelect: () => onDelete(node.tag!) },
                  ]}
                />
              ) : null}
            </div>
            {open && node.children.length ? (
              <TagTree
                nodes={node.children}
                depth={depth + 1}
                expanded={expanded}
                onToggleExpand={onToggleExpand}
                onRename={onRename}
                onDelete={onDelete}
                counts={counts}
                subtrees={subtrees}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function TagList() {
  const { t } = useTranslation();
  const { data: tags } = useTags();
  const { filter, update } = useFilter();
  const { remove } = useTagMutations();
  const tree = useMemo(() => buildTagTree(tags ?? []), [tags]);
  const { data: tagCounts } = useTagCounts();
  const counts = useMemo(() => (tagCounts ? new Map(tagCounts.map((tag) => [tag.name, tag.count])) : undefined), [tagCounts]);
  const { data: subtreeCounts } = useTagSubtreeCounts();
  const subtrees = useMemo(
    () => (subtreeCounts ? new Map(subtreeCounts.map((parent) => [parent.path, parent.count])) : undefined),
    [subtreeCounts],
  );
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const createWanted = useOpenedOnce(creating);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  // Open the branches down to the tag being filtered, so it is visible.
  useEffect(() => {
    if (!filter.tag?.includes("/")) return;
    const parts = filter.tag.split("/").slice(0, -1);
    setExpanded((current) => new Set([...current, ...parts.map((_, i) => parts.slice(0, i + 1).join("/"))]));
  }, [filter.tag]);

  const toggleExpand = (path: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  const confirmDelete = async (tag: string) => {
    try {
      await remove.mutateAsync(tag);
      if (filter.tag === tag) update({ tag: undefined });
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  // A filter on the renamed tag, or on one under it, follows it to its new name.
  const followRename = (from: string, to: string) => {
    if (filter.tag !== undefined && tagMatches(filter.tag, from)) update({ tag: to + filter.tag.slice(from.length) });
  };

  return (
    <section aria-labelledby="sidebar-tags">
      <SectionHeader id="sidebar-tags" title={t("tag-list.title")} addLabel={t("tag-list.create")} onAdd={() => setCreating(true)} />
      {tags && tags.length === 0 ? (
        <p className="px-2 py-1 text-sm text-zinc-600 dark:text-zinc-400">{t("tag-list.hint")}</p>
      ) : (
        <TagTree
          nodes={tree}
          depth={0}
          expanded={expanded}
          onToggleExpand={toggleExpand}
          onRename={setRenaming}
          onDelete={setDeleting}
          counts={counts}
          subtrees={subtrees}
        />
      )}
      {createWanted ? (
        <Suspense fallback={null}>
          <CreateTagDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      {renaming !== null ? (
        <Suspense fallback={null}>
          <RenameTagDialog tag={renaming} onClose={() => setRenaming(null)} onRenamed={followRename} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("tag-list.delete-title", { tag: deleting ?? "" })}
        body={t("tag-list.delete-body")}
        confirmLabel={t("common.delete")}
        onConfirm={() => (deleting !== null ? confirmDelete(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
