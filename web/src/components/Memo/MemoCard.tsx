// One memo as a card: time, visibility, pinned marker, content, attachments and its menu; edits in place.
import { canEditMemo, canReact, type Memo } from "@memos/common";
import { lazy, Suspense, useId, useState } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { Pin } from "lucide-react";
import { Link } from "react-router";
import { resourceUrl } from "../../api/links";
import { MemoConflict, MemoSyncState, useMemoSync } from "../../offline/MemoSyncState";
import { isTempId } from "../../offline/outbox/plan";
import { hasEditDraft } from "../MemoEditor/useDraft";
import { useMe } from "../../queries/session";
import { openMemoHistory } from "../History/openMemoHistory";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { Spinner } from "../ui/Spinner";
import { SelectOverlay } from "../Bulk/SelectOverlay";
import { CreatorName } from "./CreatorName";
import { MemoContent } from "./MemoContent";
import { MemoMenu } from "./MemoMenu";
import { HeaderReactionPicker, ReactionBar } from "./ReactionBar";
import { BacklinkCount } from "./BacklinkCount";
import { CommentCount } from "./CommentCount";
import { attachmentsToShow, isImage, MemoResources } from "./MemoResources";
import { useMemoActions } from "./useMemoActions";
import { VisibilityBadge } from "./VisibilityBadge";
import { PlaceChip } from "../Place/PlaceChip";

const MemoEditor = lazy(withAllStrings(() => import("../MemoEditor/MemoEditor").then((module) => ({ default: module.MemoEditor }))));
/** The file name at the end of an image URL, for the viewer's caption. */
function imageName(url: string): string {
  const last = url.split("?")[0]!.split("/").pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** On phones a small header link is a 40 px touch target, without making the header taller. */
const PHONE_TARGET = "max-sm:-my-3 max-sm:inline-flex max-sm:min-h-10 max-sm:min-w-10 max-sm:items-center";

const ImageViewer = lazy(withAllStrings(() => import("../ui/ImageViewer")));
const ChangeCreatedTimeDialog = lazy(withAllStrings(() => import("./ChangeCreatedTimeDialog")));
const ShareImageDialog = lazy(withAllStrings(() => import("./ShareImageDialog")));
const ShareLinksDialog = lazy(withAllStrings(() => import("./ShareLinksDialog")));

export interface MemoCardProps {
  memo: Memo;
  /** Visitor mode: nothing can change, even for the author. */
  readOnly?: boolean;
  /** Show the author (explore). */
  showCreator?: boolean;
  /** Hide "view detail" (on the detail page itself). */
  showDetail?: boolean;
  onTagClick?: (tag: string) => void;
  /** The search's terms, marked in the content (searchMarks.ts). */
  marks?: readonly string[];
  /** Select mode (bulk edits): the whole card is the memo's checkbox; `range` is a Shift-click or Shift+Space. */
  select?: { selected: boolean; onToggle: (range: boolean) => void };
}

type Dialog = { kind: "preview"; urls: string[]; index: number } | { kind: "time" } | { kind: "image" } | { kind: "share-links" } | null;

export function MemoCard({ memo, readOnly = false, showCreator = false, showDetail = true, onTagClick, marks, select }: MemoCardProps) {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const owner = !readOnly && canEditMemo(me?.id, memo.creatorId);
  const reactable = !readOnly && !select && canReact(me?.id);
  const actions = useMemoActions(memo);
  const sync = useMemoSync(memo.id);
  // An edit left unsaved (a reload, a closed tab) opens again where it was.
  const [editing, setEditing] = useState(() => owner && hasEditDraft(memo.id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const bodyId = useId();
  const displayMs = memo.displayTs * 1000;
  const creator = memo.creator;

  if (editing && !select) {
    return (
      <Suspense fallback={<Spinner />}>
        <MemoEditor memo={memo} autoFocus onDone={() => setEditing(false)} />
      </Suspense>
    );
  }

  const preview = (url: string) => {
    const urls = memo.resourceList.filter(isImage).map(resourceUrl);
    const index = urls.indexOf(url);
    setDialog(index >= 0 ? { kind: "preview", urls, index } : { kind: "preview", urls: [url], index: 0 });
  };

  return (
    <article
      aria-label={formatFullTime(displayMs)}
      className={`group/memo relative rounded-xl border bg-white px-4 pt-2.5 pb-3.5 transition-colors duration-200 dark:bg-zinc-800 ${
        select?.selected
          ? "border-green-600 ring-1 ring-green-600 dark:border-green-500 dark:ring-green-500"
          : "border-zinc-200 dark:border-zinc-700"
      }`}
    >
      {select ? <SelectOverlay label={formatFullTime(displayMs)} describedBy={bodyId} {...select} /> : null}
      {/* Out of reach in select mode (the overlay takes every click), still read as the checkbox's description. */}
      <div id={bodyId} inert={Boolean(select)}>
        <header className="mb-1 flex min-h-8 items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            {memo.pinned ? (
              <span
                role="img"
                aria-label={t("memo.pinned")}
                title={t("memo.pinned")}
                className="inline-flex text-green-700 dark:text-green-400"
              >
                <Pin className="size-3.5 fill-current" aria-hidden />
              </span>
            ) : null}
            {showCreator && creator ? (
              <Link
                to={`/u/${memo.creatorId}`}
                className={`truncate font-medium text-zinc-600 hover:underline dark:text-zinc-300 ${PHONE_TARGET}`}
              >
                <CreatorName creator={creator} />
              </Link>
            ) : null}
            {isTempId(memo.id) ? (
              <time dateTime={new Date(displayMs).toISOString()} title={formatFullTime(displayMs)}>
                {formatMemoTime(displayMs, Date.now(), i18n.language)}
              </time>
            ) : (
              <Link
                to={`/m/${memo.id}`}
                title={formatFullTime(displayMs)}
                className={`hover:text-zinc-800 hover:underline dark:hover:text-zinc-200 ${PHONE_TARGET}`}
              >
                <time dateTime={new Date(displayMs).toISOString()}>{formatMemoTime(displayMs, Date.now(), i18n.language)}</time>
              </Link>
            )}
            <VisibilityBadge visibility={memo.visibility} />
            {sync ? <MemoSyncState entry={sync} /> : null}
          </div>
          {/* The select mode's box takes the menu's corner. */}
          <div className={`-mr-2 flex shrink-0 items-center ${select ? "invisible" : ""}`}>
            {reactable ? <HeaderReactionPicker memo={memo} /> : null}
            <MemoMenu
              memo={memo}
              owner={owner}
              actions={actions}
              showDetail={showDetail}
              onEdit={() => setEditing(true)}
              onChangeTime={() => setDialog({ kind: "time" })}
              onHistory={() => openMemoHistory(memo)}
              onDelete={() => void actions.remove()}
              onShareImage={() => setDialog({ kind: "image" })}
              onShareLinks={() => setDialog({ kind: "share-links" })}
            />
          </div>
        </header>
        <MemoContent
          content={memo.content}
          onTagClick={onTagClick}
          onTodoToggle={owner ? actions.toggleTodo : undefined}
          onImageClick={preview}
          onEdit={owner ? () => setEditing(true) : undefined}
          marks={marks}
        />
        <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} onPreview={preview} />
        {memo.location ? (
          <div>
            <PlaceChip location={memo.location} memoId={memo.id} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-1.5">
          <ReactionBar memo={memo} canReact={reactable} />
          {showDetail && !isTempId(memo.id) ? (
            <>
              <CommentCount memoId={memo.id} />
              <BacklinkCount memoId={memo.id} />
            </>
          ) : null}
        </div>
        {sync && owner ? <MemoConflict entry={sync} /> : null}
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === "preview" ? (
          <ImageViewer
            images={dialog.urls.map((url) => ({ url, name: imageName(url) }))}
            index={dialog.index}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog?.kind === "image" ? <ShareImageDialog memo={memo} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === "share-links" ? <ShareLinksDialog memo={memo} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === "time" ? <ChangeCreatedTimeDialog memo={memo} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </article>
  );
}
