// /m/:id: one memo on its own page; says so when it is private or gone.
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../api/client";
import { AppShell } from "../components/layout/AppShell";
import { MemoCard } from "../components/Memo/MemoCard";
import { Spinner } from "../components/ui/Spinner";
import { useMemoDetail } from "../queries/memos";
import { useMe } from "../queries/session";

export default function MemoDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memoId = Number(useParams().memoId);
  const { data: me } = useMe();
  const memo = useMemoDetail(memoId);
  const home = me ? "/" : "/explore";

  let body;
  if (memo.isPending && Number.isInteger(memoId)) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  } else if (memo.data && memo.data.rowStatus === "NORMAL") {
    body = (
      <MemoCard
        memo={memo.data}
        showCreator
        showDetail={false}
        onTagClick={(tag) => navigate(`${home}?${new URLSearchParams({ tag })}`)}
      />
    );
  } else {
    const forbidden = memo.error instanceof ApiError && memo.error.status === 403;
    body = (
      <p role="alert" className="py-16 text-center text-sm text-zinc-500 dark:text-zinc-400">
        {t(forbidden ? "message.memo-private" : "message.memo-not-found")}
      </p>
    );
  }

  return (
    <AppShell
      title={t("memo-detail.title")}
      search={false}
      actions={
        <Link
          to={home}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm text-zinc-600 transition-colors duration-200 hover:bg-zinc-200 max-sm:h-10 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t(me ? "home.title" : "explore.title")}
        </Link>
      }
    >
      {body}
    </AppShell>
  );
}
