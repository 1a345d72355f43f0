// Home: the editor, the active filters and the signed-in user's memos (pinned first, then newest, or the most recently
// edited by the user's choice).
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AppShell } from "../components/layout/AppShell";
import { FilterChips } from "../components/layout/FilterChips";
import { MemoEditor } from "../components/MemoEditor/MemoEditor";
import { filterParams } from "../components/MemoList/listParams";
import { FirstRunHint } from "../components/MemoList/FirstRunHint";
import { ListOrderSelect, useListOrder } from "../components/MemoList/ListOrderSelect";
import { MemoList } from "../components/MemoList/MemoList";
import { useShortcutFilter } from "../components/MemoList/useShortcutFilter";
import { Sidebar } from "../components/Sidebar/Sidebar";
import { useSsoReturn } from "../components/Sso/useSsoReturn";
import { useShortcuts } from "../queries/sidebar";
import { hasFilter, useFilter } from "../state/filter";
import { usePreferences } from "../state/preferences";

export default function Home() {
  const { t } = useTranslation();
  const { filter, update } = useFilter();
  useSsoReturn();
  const shortcutFilter = useShortcutFilter(filter.shortcutId);
  const { data: shortcuts } = useShortcuts(filter.shortcutId !== undefined);
  const shortcut = shortcuts?.find((item) => item.id === filter.shortcutId);
  const order = useListOrder();
  const params = useMemo(
    () => ({ rowStatus: "NORMAL" as const, ...filterParams(filter), ...(order === "updated" ? { orderBy: order } : {}) }),
    [filter, order],
  );
  const toggleTag = (tag: string) => update({ tag: filter.tag === tag ? undefined : tag });
  // "Float" (Settings › Preferences): on phones the editor stays docked at the bottom of the screen.
  const floating = usePreferences((state) => state.localSetting.mobileEditorStyle === "float");

  return (
    <AppShell sidebar={<Sidebar />} title={shortcut?.title ?? t("home.title")}>
      <div className={`flex flex-col gap-3 ${floating ? "max-sm:pb-52" : ""}`}>
        <div
          data-testid="editor-dock"
          className={
            floating
              ? "max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-20 max-sm:p-2 max-sm:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-sm:drop-shadow-lg"
              : ""
          }
        >
          <MemoEditor />
        </div>
        <FilterChips />
        <MemoList
          scope="home"
          selectable
          params={params}
          filter={shortcutFilter}
          card={{ onTagClick: toggleTag }}
          empty={hasFilter(filter) ? undefined : <FirstRunHint />}
          actions={<ListOrderSelect />}
        />
      </div>
    </AppShell>
  );
}
