// /s/:token: the one memo a private share link opens, for anyone who has the link, without signing in: the
// instance's name and logo, the memo's author and time (in the reader's language), its text and its files laid out
// as on the memo's page. Nothing here leads further into the instance (no links to the author, the memo's own page
// or the app), and the page asks search engines not to list it.
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CreatorName } from "../components/Memo/CreatorName";
import { attachmentsToShow, MemoResources } from "../components/Memo/MemoResources";
import { InstanceLogo } from "../components/ui/InstanceLogo";
import { Spinner } from "../components/ui/Spinner";
import { Markdown } from "../markdown/Markdown";
import { useStatus } from "../queries/session";
import { sharedFileUrl, useSharedMemo } from "../queries/shares";
import { formatDate, formatFullTime } from "../utils/time";
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
  const { t, i18n } = useTranslation();
  const { data: status } = useStatus();
  const profile = status?.customizedProfile;
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
    const when = formatDate(displayMs, i18n.language, "date-time");
    const author = memo.creator ? memo.creator.nickname || memo.creator.username : "";
    body = (
      <article
        aria-label={when}
        className="rounded-xl border border-zinc-200 bg-white px-4 pt-3 pb-4 dark:border-zinc-700 dark:bg-zinc-800"
      >
        <header className="mb-2 flex items-center gap-2.5">
          {memo.creator ? (
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-green-600/10 text-sm font-semibold text-accent uppercase dark:bg-green-500/15 dark:text-green-400"
            >
              {author.slice(0, 1)}
            </span>
          ) : null}
          <span className="flex min-w-0 flex-col">
            {memo.creator ? (
              <span className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">
                <CreatorName creator={memo.creator} />
              </span>
            ) : null}
            <time
              dateTime={new Date(displayMs).toISOString()}
              title={formatFullTime(displayMs)}
              className="text-xs text-zinc-600 dark:text-zinc-400"
            >
              {when}
            </time>
          </span>
        </header>
        <Markdown content={throughShareLink(memo.content, memo.resourceList, urlOf)} className="text-[15px]" />
        <MemoResources
          resources={attachmentsToShow(memo.content, memo.resourceList)}
          urlOf={(resource) => urlOf(resource.id)}
          thumbnailOf={(resource) => urlOf(resource.id)}
        />
      </article>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-3 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-2.5">
        <InstanceLogo src={profile?.logoUrl} className="size-8 shrink-0 rounded-lg" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-base font-semibold text-zinc-800 dark:text-zinc-100" data-testid="instance-name">
            {profile?.name || "memos"}
          </span>
          <h1 className="text-xs text-zinc-600 dark:text-zinc-400">{t("share-link.page-title")}</h1>
        </span>
      </header>
      {body}
    </main>
  );
}
