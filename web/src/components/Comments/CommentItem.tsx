// One comment: its author, time, Markdown, files and reactions; Edit for its author, Delete for its author or the
// memo's; the reaction picker for members (in the header while it has no reactions, as on a memo card).
import type { Comment } from "@memos/common";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteComment, useToggleCommentReaction, useUpdateComment } from "../../queries/comments";
import { toast } from "../../state/toast";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { CreatorName } from "../Memo/CreatorName";
import { MemoContent } from "../Memo/MemoContent";
import { MemoResources } from "../Memo/MemoResources";
import { ReactionPicker, type ReactionToggle, Reactions } from "../Memo/ReactionBar";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { commentAnchor } from "./commentAnchor";

function useCommentToggle(comment: Comment): ReactionToggle {
  const toggle = useToggleCommentReaction(comment.memoId, comment.id);
  return { run: (emoji, add) => toggle.mutateAsync({ emoji, add }), pending: toggle.isPending };
}

export function CommentItem({
  comment,
  canEdit,
  canDelete,
  canReact,
  targeted = false,
}: {
  comment: Comment;
  canEdit: boolean;
  canDelete: boolean;
  canReact: boolean;
  /** The page was opened on this comment (its fragment): it is shown marked. */
  targeted?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.content);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(comment.memoId);
  const remove = useDeleteComment(comment.memoId);
  const react = useCommentToggle(comment);
  const save = () => update.mutate({ id: comment.id, content: text }, { onSuccess: () => setEditing(false) });

  return (
    <li
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      aria-current={targeted ? "true" : undefined}
      className={`flex scroll-mt-16 flex-col gap-1 border-zinc-100 px-3.5 py-2.5 not-last:border-b focus:outline-none dark:border-zinc-700/70 ${
        targeted ? "bg-green-50/70 dark:bg-green-900/20" : ""
      }`}
      data-testid="comment"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">
          <CreatorName creator={comment.creator} />
          <time
            dateTime={new Date(comment.createdTs * 1000).toISOString()}
            title={formatFullTime(comment.createdTs * 1000)}
            className="ml-2 text-xs font-normal tabular-nums text-zinc-600 dark:text-zinc-400"
          >
            {formatMemoTime(comment.createdTs * 1000, Date.now(), i18n.language)}
            {comment.updatedTs > comment.createdTs ? ` · ${t("comment.edited")}` : null}
          </time>
        </p>
        <div className="flex shrink-0 items-center gap-1">
          {canReact && comment.reactions.length === 0 ? <ReactionPicker reactions={comment.reactions} toggle={react} /> : null}
          {canEdit && !editing ? (
            <IconButton label={t("comment.edit")} onClick={() => setEditing(true)}>
              {<Pencil className="size-4" aria-hidden />}
            </IconButton>
          ) : null}
          {canDelete ? (
            <IconButton label={t("comment.delete")} onClick={() => setConfirming(true)}>
              {<Trash2 className="size-4" aria-hidden />}
            </IconButton>
          ) : null}
        </div>
      </div>
      {editing ? (
        <div className="flex flex-col gap-2">
          <textarea
            aria-label={t("comment.edit")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            className="w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-800 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                setText(comment.content);
                setEditing(false);
              }}
            >
              {t("comment.cancel")}
            </Button>
            <Button variant="primary" onClick={save} disabled={update.isPending || text.trim() === ""}>
              {t("comment.save")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="text-sm">
          <MemoContent content={comment.content} />
          <MemoResources resources={comment.resourceList} />
        </div>
      )}
      <Reactions reactions={comment.reactions} canReact={canReact} toggle={react} />
      <ConfirmDialog
        open={confirming}
        title={t("comment.delete-confirm")}
        confirmLabel={t("comment.delete")}
        onConfirm={() =>
          remove.mutateAsync(comment.id).then(
            () => toast.success(t("comment.deleted")),
            () => {},
          )
        }
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
