// /s/:token: the one memo a private share link opens, for anyone who has the link, without signing in: its time,
// its author's name, its text and its files. Nothing here leads further into the instance (no links to the author,
// the memo's own page or the app), and the page asks search engines not to list it.
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CreatorName } from "../components/Memo/CreatorName";
import { attachmentsToShow, MemoResources } from "../components/Memo/MemoResources";
import { Spinner } from "../components/ui/Spinner";
import { Markdown } from "../markdown/Markdown";
import { sharedFileUrl, useSharedMemo } from "../queries/shares";
import { formatFullTime } from "../utils/time";
import { throughShareLink } from "./sharedContent";

/** `<meta name="robots" content="noindex">` while the page is shown (the server sends X-Robots-Tag too). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.append(meta);
    const referrer = document.createElement("meta");
    referrer.name = "referrer";
    referrer.content = "no-referrer";
    document.head.append(referrer);
    return () => {
      meta.remove();
      referrer.remove();
    };
  }, []);
}

export default function SharedMemo() {
  const { t } = useTranslation();
  const token = useParams().token ?? "";
  const shared = useSharedMemo(token);
  useNoIndex();

  let body: ReactNode;
  if (shared.isPending) {
    body = (
      <div className="flex justify-center p-8">
        <Spinner />
      </div>
    );
  } else if (shared.isError) {
    body = (
      <div role="alert" className="rounded-xl border border-zinc-200 bg-white px-4 py-8 text-center dark:border-zinc-700 dark:bg-zinc-800">
        <p className="text-base font-medium text-zinc-800 dark:text-zinc-100">{t("share-link.page-not-found")}</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("share-link.page-not-found-hint")}</p>
      </div>
    );
  } else {
    const memo = shared.data;
    const urlOf = (resourceId: number) => sharedFileUrl(token, resourceId);
    const displayMs = memo.displayTs * 1000;
    body = (
      <article
        aria-label={formatFullTime(displayMs)}
        className="rounded-xl border border-zinc-200 bg-white px-4 pt-3 pb-4 dark:border-zinc-700 dark:bg-zinc-800"
      >
        <header className="mb-1.5 flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <time dateTime={new Date(displayMs).toISOString()}>{formatFullTime(displayMs)}</time>
          {memo.creator ? (
            <span className="truncate font-medium">
              <CreatorName creator={memo.creator} />
            </span>
          ) : null}
        </header>
        <Markdown content={throughShareLink(memo.content, memo.resourceList, urlOf)} className="text-[15px]" />
        <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} urlOf={(resource) => urlOf(resource.id)} />
      </article>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-3 px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t("share-link.page-title")}</h1>
      {body}
    </main>
  );
}
