// /m/:id: one memo on its own page; says so when it is private or gone.
import { canEditMemo, type Memo } from "@memos/common";
import { ArchiveRestore, ArrowLeft, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ApiError } from "../api/client";
import { AppShell } from "../components/layout/AppShell";
import { MemoCard } from "../components/Memo/MemoCard";
import { MemoRelations } from "../components/Memo/MemoRelations";
import { MemoComments } from "../components/Comments/MemoComments";
import { Button } from "../components/ui/Button";
import { Spinner } from "../components/ui/Spinner";
import { useMemoSync } from "../offline/MemoSyncState";
import { useMemoDetail, usePatchMemo } from "../queries/memos";
import { useMe } from "../queries/session";
import { toast } from "../state/toast";

function ArchivedMemo({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const patch = usePatchMemo();
  const restore = () =>
    patch.mutate(
      { id: memo.id, patch: { rowStatus: "NORMAL" } },
      {
        onSuccess: () => toast.success(t("message.restored-successfully")),
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <div
        role="status"
        className="flex items-center justify-between gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-2.5 text-sm text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      >
        <span>{t("memo-detail.archived")}</span>
        <Button variant="ghost" onClick={restore} disabled={patch.isPending} icon={<ArchiveRestore className="size-4" aria-hidden />}>
          {t("archived.restore")}
        </Button>
      </div>
      <MemoCard memo={memo} readOnly showCreator showDetail={false} />
    </div>
  );
}

export default function MemoDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const memoId = Number(useParams().memoId);
  const { data: me } = useMe();
  const memo = useMemoDetail(memoId);
  // Changes still in the outbox show here as in the lists; a memo deleted here is gone here.
  const sync = useMemoSync(memoId);
  const deletedHere = sync?.kind === "change" && sync.change.kind === "delete" && sync.state.status === "pending";
  const data = deletedHere ? undefined : (sync?.memo ?? memo.data);
  const home = me ? "/" : "/explore";

  let body: ReactNode;
  if (memo.isPending && !data && Number.isInteger(memoId)) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  } else if (data && data.rowStatus === "NORMAL") {
    body = (
      <div className="flex flex-col gap-2">
        <MemoCard memo={data} showCreator showDetail={false} onTagClick={(tag) => navigate(`${home}?${new URLSearchParams({ tag })}`)} />
        {/* The server sends it to the memo's author only: which of their tokens (a bot, a script) wrote it. */}
        {data.accessToken ? (
          <p className="flex items-center gap-1.5 px-1 text-xs text-zinc-600 dark:text-zinc-400">
            <KeyRound className="size-3.5" aria-hidden />
            {t("tokens.written-with", { name: data.accessToken.name })}
          </p>
        ) : null}
        <MemoRelations memoId={data.id} />
        {data.id > 0 ? <MemoComments memo={data} /> : null}
      </div>
    );
  } else if (data && canEditMemo(me?.id, data.creatorId)) {
    // The author's own archived memo: shown read-only, with the way back.
    body = <ArchivedMemo memo={data} />;
  } else {
    const forbidden = memo.error instanceof ApiError && memo.error.status === 403;
    // A visitor is refused what is shared with signed-in members (or private): the way forward is to sign in,
    // then come back here.
    body =
      forbidden && !me ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-sm text-zinc-600 dark:text-zinc-400">
          <p role="alert">{t("message.memo-members-only")}</p>
          <Link
            to={`/auth?${new URLSearchParams({ next: location.pathname })}`}
            className="inline-flex h-9 items-center rounded-lg bg-zinc-900 px-4 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            {t("common.sign-in")}
          </Link>
        </div>
      ) : (
        <p role="alert" className="py-16 text-center text-sm text-zinc-600 dark:text-zinc-400">
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
