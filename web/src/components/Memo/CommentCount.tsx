// A card's comment count, a link to the memo's page; nothing when it has none (asked for a page of cards at once).
import { MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCommentCount } from "../../queries/comments";

export function CommentCount({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const { data: count } = useCommentCount(memoId, memoId > 0);
  if (!count) return null;
  return (
    <Link
      to={`/m/${memoId}`}
      aria-label={t("comment.count", { count })}
      title={t("comment.count", { count })}
      data-testid="comment-count"
      className="mt-2 inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs text-zinc-600 tabular-nums transition-colors duration-200 hover:bg-zinc-100 max-sm:h-10 dark:text-zinc-400 dark:hover:bg-zinc-700/60"
    >
      <MessageSquare className="size-3.5" aria-hidden />
      {count}
    </Link>
  );
}
