// A card's backlink count (the memos the viewer may see that reference it, "99+" past 99), a link to the memo's
// page where they are listed; nothing when none (asked for a page of cards at once).
import { CornerUpLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBacklinkCount } from "../../queries/relations";

export function BacklinkCount({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const { data } = useBacklinkCount(memoId, memoId > 0);
  if (!data) return null;
  const n = data.more ? `${data.count}+` : String(data.count);
  return (
    <Link
      to={`/m/${memoId}`}
      aria-label={t("memo-links.count", { n })}
      title={t("memo-links.count", { n })}
      data-testid="backlink-count"
      className="mt-2 inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs text-zinc-600 tabular-nums transition-colors duration-200 hover:bg-zinc-100 max-sm:h-10 dark:text-zinc-400 dark:hover:bg-zinc-700/60"
    >
      <CornerUpLeft className="size-3.5" aria-hidden />
      {n}
    </Link>
  );
}
