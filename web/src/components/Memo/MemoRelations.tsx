// The memo detail page's Links (what the memo references) and Referenced by (what references it), as short
// previews: first line and time, each opening its memo. The server lists only what the viewer may see.
import type { RelatedMemo } from "@memos/common";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMemoRelation } from "../../queries/relations";
import { formatMemoTime } from "../../utils/time";
import { firstLine } from "../MemoEditor/memoLinkComplete";
import { Button } from "../ui/Button";

function Section({ title, icon, memos, children }: { title: string; icon: ReactNode; memos: RelatedMemo[]; children?: ReactNode }) {
  const { i18n } = useTranslation();
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-1">
      <h2
        id={heading}
        className="flex items-center gap-1.5 px-1 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
      >
        {icon}
        {title}
      </h2>
      <ul className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800">
        {memos.map((memo) => (
          <li key={memo.id} className="border-zinc-100 not-last:border-b dark:border-zinc-700/70">
            <Link
              to={`/m/${memo.id}`}
              className="flex min-h-11 items-center justify-between gap-3 px-3.5 py-2 text-sm text-zinc-800 transition-colors duration-200 hover:bg-zinc-50 sm:min-h-9 dark:text-zinc-100 dark:hover:bg-zinc-700/50"
            >
              <span className="truncate">{firstLine(memo.snippet) || `#${memo.id}`}</span>
              <time
                dateTime={new Date(memo.displayTs * 1000).toISOString()}
                className="shrink-0 text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
              >
                {formatMemoTime(memo.displayTs * 1000, Date.now(), i18n.language)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

export function MemoRelations({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const relation = useMemoRelation(memoId);
  const pages = relation.data?.pages ?? [];
  const links = pages[0]?.links ?? [];
  const backlinks = pages.flatMap((page) => page.backlinks);
  // A page past many memos the viewer may not see can come back empty with more to read: go on by itself.
  const emptyPage = pages.length > 0 && pages[pages.length - 1]!.backlinks.length === 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = relation;
  useEffect(() => {
    if (emptyPage && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [emptyPage, hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (links.length === 0 && backlinks.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-4">
      {links.length > 0 ? (
        <Section title={t("memo-links.links")} icon={<ArrowUpRight className="size-3.5" aria-hidden />} memos={links} />
      ) : null}
      {backlinks.length > 0 ? (
        <Section title={t("memo-links.referenced-by")} icon={<ArrowDownLeft className="size-3.5" aria-hidden />} memos={backlinks}>
          {relation.hasNextPage ? (
            <Button
              variant="ghost"
              className="self-start"
              disabled={relation.isFetchingNextPage}
              onClick={() => void relation.fetchNextPage()}
            >
              {t("memo-links.more")}
            </Button>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
