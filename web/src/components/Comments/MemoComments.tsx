// The memo detail page's comments: oldest first, in pages; the box to add one for members who may (not when the
// host turned comments off or the memo's author closed them); Close / Reopen for the memo's author. Who may do what
// is common's access rules (canEditComment…), the ones the server's comment policy enforces.
import { Button } from "../ui/Button";
import { canCloseComments, canDeleteComment, canEditComment, canReact, type Memo } from "@memos/common";
import { MessageSquare } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useCloseComments, useMemoComments } from "../../queries/comments";
import { useMe } from "../../queries/session";
import { ListState } from "../ui/ListState";
import { CommentEditor } from "./CommentEditor";
import { commentAnchor, commentOfHash } from "./commentAnchor";
import { CommentItem } from "./CommentItem";

/**
 * The comment the page's fragment names (`#comment-34`, where the inbox sends a comment's entries): its id, and once
 * it is on the page it is scrolled to and focused, once.
 */
function useTargetedComment(loaded: readonly { id: number }[]): number | undefined {
  const { hash } = useLocation();
  const target = commentOfHash(hash);
  const shown = useRef<number | undefined>(undefined);
  const present = target !== undefined && loaded.some((comment) => comment.id === target);
  useEffect(() => {
    if (!present || shown.current === target) return;
    shown.current = target;
    const element = document.getElementById(commentAnchor(target));
    element?.scrollIntoView?.({ block: "center" });
    element?.focus({ preventScroll: true });
  }, [present, target]);
  return target;
}

export function MemoComments({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const heading = useId();
  const { data: me } = useMe();
  const comments = useMemoComments(memo.id);
  const close = useCloseComments(memo.id);
  const pages = comments.data?.pages ?? [];
  const list = pages.flatMap((page) => page.comments);
  const closed = pages[0]?.closed ?? false;
  const disabled = pages[0]?.disabled ?? false;
  const viewerId = me?.id;
  const target = useTargetedComment(list);
  const toggle = () => close.mutate(!closed);

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-2" data-testid="memo-comments">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 id={heading} className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
          <MessageSquare className="size-3.5" aria-hidden />
          {t("comment.title")}
        </h2>
        {canCloseComments(viewerId, memo.creatorId) && !disabled ? (
          <Button variant="ghost" onClick={toggle} disabled={close.isPending}>
            {t(closed ? "comment.reopen" : "comment.close")}
          </Button>
        ) : null}
      </div>
      <ListState look="card" pending={comments.isPending} error={comments.error} count={list.length} empty={t("comment.empty")}>
        <ul className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              canEdit={canEditComment(viewerId, comment.creator.id)}
              canDelete={canDeleteComment(viewerId, { comment: comment.creator.id, memo: memo.creatorId })}
              canReact={canReact(viewerId)}
              targeted={comment.id === target}
            />
          ))}
        </ul>
      </ListState>
      {comments.hasNextPage ? (
        <Button variant="ghost" className="self-start" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          {t("comment.more")}
        </Button>
      ) : null}
      {disabled ? (
        <p className="px-1 text-sm text-zinc-600 dark:text-zinc-400">{t("comment.disabled")}</p>
      ) : closed ? (
        <p className="px-1 text-sm text-zinc-600 dark:text-zinc-400">{t("comment.closed")}</p>
      ) : me ? (
        <CommentEditor memoId={memo.id} />
      ) : (
        <p className="px-1 text-sm text-zinc-600 dark:text-zinc-400">{t("comment.sign-in")}</p>
      )}
    </section>
  );
}
