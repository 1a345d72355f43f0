// /m/:id/embed: a compact card for an iframe, no chrome: time, author, content and attachments.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/client";
import { CreatorName } from "../components/Memo/CreatorName";
import { attachmentsToShow, MemoResources } from "../components/Memo/MemoResources";
import { Spinner } from "../components/ui/Spinner";
import { Markdown } from "../markdown/Markdown";
import { useMemoDetail } from "../queries/memos";
import { formatFullTime } from "../utils/time";

export default function EmbedMemo() {
  const { t } = useTranslation();
  const memoId = Number(useParams().memoId);
  const memo = useMemoDetail(memoId);

  // An iframe shows the page background; the card sits on a transparent page.
  useEffect(() => {
    document.body.classList.add("!bg-transparent");
    return () => document.body.classList.remove("!bg-transparent");
  }, []);

  // Tells the page that embeds us how tall the card is, whenever that changes (the embed code's script sets the
  // iframe's height from it). Only a height is sent, so any parent may hear it.
  useEffect(() => {
    if (window.parent === window) return;
    // The content's own height (the document is never shorter than the iframe, so its height would only grow).
    const root = document.getElementById("root") ?? document.body;
    const send = () =>
      window.parent.postMessage({ type: "memos:embed-height", id: memoId, height: Math.ceil(root.getBoundingClientRect().height) }, "*");
    const observer = new ResizeObserver(send);
    observer.observe(root);
    send();
    return () => observer.disconnect();
  }, [memoId]);

  if (memo.isPending && Number.isInteger(memoId)) {
    return (
      <div className="flex justify-center p-4">
        <Spinner />
      </div>
    );
  }
  if (memo.data?.rowStatus !== "NORMAL") {
    const forbidden = memo.error instanceof ApiError && memo.error.status === 403;
    return <p className="p-4 text-center text-sm text-zinc-600">{t(forbidden ? "message.memo-private" : "message.memo-not-found")}</p>;
  }

  const { data } = memo;
  return (
    <article className="m-0 w-full rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-700 dark:bg-zinc-800">
      <header className="mb-1.5 flex items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <a href={`/m/${data.id}`} target="_blank" rel="noreferrer noopener" className="hover:underline">
          <time dateTime={new Date(data.displayTs * 1000).toISOString()}>{formatFullTime(data.displayTs * 1000)}</time>
        </a>
        {data.creator ? (
          <a href={`/u/${data.creatorId}`} target="_blank" rel="noreferrer noopener" className="truncate font-medium hover:underline">
            <CreatorName creator={data.creator} />
          </a>
        ) : null}
      </header>
      <Markdown content={data.content} className="text-[15px]" />
      <MemoResources resources={attachmentsToShow(data.content, data.resourceList)} />
    </article>
  );
}
