// /u/:id: a user's memos as the viewer may see them (no editor, nothing editable), under a banner with their name
// that says which memos those are.
import { isOwnAccount } from "@memos/common";
import { UNKNOWN_ID } from "@memos/common/domain/constants";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AppShell } from "../components/layout/AppShell";
import { FilterChips } from "../components/layout/FilterChips";
import { filterParams } from "../components/MemoList/listParams";
import { MemoList } from "../components/MemoList/MemoList";
import { Sidebar } from "../components/Sidebar/Sidebar";
import { Spinner } from "../components/ui/Spinner";
import { useMe, useUser } from "../queries/session";
import { useFilter } from "../state/filter";
import { SignInLink } from "./Explore";

export default function UserPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId ?? UNKNOWN_ID);
  const { data: me, isPending: mePending } = useMe();
  const user = useUser(userId);
  const { filter, update } = useFilter();
  const params = useMemo(() => ({ creatorId: userId, rowStatus: "NORMAL" as const, ...filterParams(filter) }), [userId, filter]);
  const toggleTag = (tag: string) => update({ tag: filter.tag === tag ? undefined : tag });
  const name = user.data ? user.data.nickname || user.data.username : "";
  // What the list holds depends on who looks: a visitor sees public memos, a member protected ones too.
  const viewerKey = !me ? "user-page.visitor" : isOwnAccount(me.id, userId) ? "user-page.own" : "user-page.member";

  let body: ReactNode;
  // /u/@name of nobody (a mention of an unknown user) stays on a page that says so.
  const known = Number.isInteger(userId) && userId > 0;
  if (known && user.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  } else if (!known || user.isError || !user.data) {
    body = <p className="py-16 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("user-page.not-found")}</p>;
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <div className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-700 dark:bg-zinc-800">
          <p className="text-base font-semibold text-zinc-800 dark:text-zinc-100">{name}</p>
          {!mePending && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(viewerKey, { name })}</p>}
        </div>
        <FilterChips />
        <MemoList scope="user" params={params} card={{ readOnly: true, onTagClick: toggleTag }} />
      </div>
    );
  }

  return (
    <AppShell
      sidebar={<Sidebar />}
      title={name ? t("user-page.title", { name }) : ""}
      actions={!mePending && !me ? <SignInLink /> : undefined}
    >
      {body}
    </AppShell>
  );
}
