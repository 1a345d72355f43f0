// Explore: everyone's public memos (protected ones too for members), newest first.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppShell } from "../components/layout/AppShell";
import { FilterChips } from "../components/layout/FilterChips";
import { filterParams } from "../components/MemoList/listParams";
import { MemoList } from "../components/MemoList/MemoList";
import { Sidebar } from "../components/Sidebar/Sidebar";
import { useMe } from "../queries/session";
import { useFilter } from "../state/filter";

export function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/auth"
      className="inline-flex h-8 shrink-0 items-center rounded-lg bg-green-700 px-3 text-sm font-medium text-white transition-colors duration-200 hover:bg-green-800 max-sm:h-10"
    >
      {t("explore.sign-in")}
    </Link>
  );
}

export default function Explore() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const { filter, update } = useFilter();
  const params = useMemo(() => filterParams(filter), [filter]);
  const toggleTag = (tag: string) => update({ tag: filter.tag === tag ? undefined : tag });
  const visitor = !isPending && !me;

  return (
    <AppShell sidebar={me ? <Sidebar /> : undefined} title={t("explore.title")} search actions={visitor ? <SignInLink /> : undefined}>
      <div className="flex flex-col gap-3">
        {visitor ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("explore.sign-in-hint")}</p> : null}
        <FilterChips />
        <MemoList scope="explore" params={params} card={{ showCreator: true, onTagClick: toggleTag }} />
      </div>
    </AppShell>
  );
}
