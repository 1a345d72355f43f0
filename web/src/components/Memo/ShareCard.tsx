// The card the share dialog turns into an image: the memo (rendered in full), its images, time, author, the
// author's memo count and days since joining, and the instance's name.
import type { Memo } from "@memos/common";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "../../markdown/Markdown";
import { useStatus } from "../../queries/session";
import { useMemoAmount } from "../../queries/sidebar";
import { daysSince, formatFullTime } from "../../utils/time";
import { attachmentsToShow, MemoResources } from "./MemoResources";
import { InstanceLogo } from "../ui/InstanceLogo";

export const ShareCard = forwardRef<HTMLDivElement, { memo: Memo }>(function ShareCard({ memo }, ref) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { data: memoCount } = useMemoAmount(memo.creatorId);
  const creator = memo.creator;
  const author = creator?.nickname || creator?.username || "";
  const instance = status?.customizedProfile.name || "memos";
  const logo = status?.customizedProfile.logoUrl;

  return (
    <div ref={ref} className="bg-zinc-100 p-4 dark:bg-zinc-900">
      <article className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800">
        <div className="px-5 pt-4 pb-5">
          <time dateTime={new Date(memo.displayTs * 1000).toISOString()} className="mb-2 block text-xs text-zinc-600 dark:text-zinc-400">
            {formatFullTime(memo.displayTs * 1000)}
          </time>
          <Markdown content={memo.content} className="text-[15px] text-zinc-800 dark:text-zinc-100" />
          <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} />
        </div>
        <footer className="flex items-center justify-between gap-3 border-t border-zinc-100 bg-zinc-50 px-5 py-3 dark:border-zinc-700 dark:bg-zinc-800/60">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-700 dark:text-zinc-200">{author}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {memoCount !== undefined ? t("share.memos", { count: memoCount }) : null}
              {memoCount !== undefined && creator ? " · " : null}
              {creator ? t("share.days", { count: daysSince(creator.createdTs) }) : null}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-zinc-600 dark:text-zinc-300">
            <InstanceLogo src={logo} className="size-6 rounded-md object-contain" />
            {instance}
          </div>
        </footer>
      </article>
    </div>
  );
});
