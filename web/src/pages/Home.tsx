// Home: the editor, the active filters and the signed-in user's memos (pinned first, then newest).
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AppShell } from "../components/layout/AppShell";
import { FilterChips } from "../components/layout/FilterChips";
import { MemoEditor } from "../components/MemoEditor/MemoEditor";
import { filterParams } from "../components/MemoList/listParams";
import { MemoList } from "../components/MemoList/MemoList";
import { useShortcutFilter } from "../components/MemoList/useShortcutFilter";
import { Sidebar } from "../components/Sidebar/Sidebar";
import { useShortcuts } from "../queries/sidebar";
import { useFilter } from "../state/filter";

export default function Home() {
  const { t } = useTranslation();
  const { filter, update } = useFilter();
  const shortcutFilter = useShortcutFilter(filter.shortcutId);
  const { data: shortcuts } = useShortcuts(filter.shortcutId !== undefined);
  const shortcut = shortcuts?.find((item) => item.id === filter.shortcutId);
  const params = useMemo(() => ({ rowStatus: "NORMAL" as const, ...filterParams(filter) }), [filter]);
  const toggleTag = (tag: string) => update({ tag: filter.tag === tag ? undefined : tag });

  return (
    <AppShell sidebar={<Sidebar />} title={shortcut?.title ?? t("home.title")}>
      <div className="flex flex-col gap-3">
        <MemoEditor />
        <FilterChips />
        <MemoList scope="home" params={params} filter={shortcutFilter} card={{ onTagClick: toggleTag }} />
      </div>
    </AppShell>
  );
}
