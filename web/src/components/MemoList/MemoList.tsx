// A list of memo cards in pages of 30: loads more when the end comes into view or on click, and says when
// everything is there or nothing matched.
import type { Memo } from "@memos/common";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import type { MemoListParams } from "../../queries/keys";
import type { OutboxEntry } from "../../offline/outbox/types";
import type { MemoListScope } from "../../queries/keys";
import { overlay } from "../../offline/outbox/plan";
import { useOutbox } from "../../offline/outbox/store";
import { useMemoCount, useMemoList } from "../../queries/memos";
import { searchMarks } from "../../markdown/searchMarks";
import { errorMessage } from "../../api/errorMessage";
import { MemoCard, type MemoCardProps } from "../Memo/MemoCard";
import { Spinner } from "../ui/Spinner";
import { Button } from "../ui/Button";
import { SELECT_MODE_ATTRIBUTE } from "../keyboard/useKeyboardShortcuts";
import { useMemoIds } from "../../queries/batch";
import { useSelection } from "../../state/selection";
import { isTempId } from "../../offline/outbox/plan";
import { ListChecks } from "lucide-react";

const NO_ENTRIES: OutboxEntry[] = [];

// Its code loads when select mode starts: the first screen has no use for it.
const SelectionBar = lazy(withAllStrings(() => import("../Bulk/SelectionBar").then((module) => ({ default: module.SelectionBar }))));

export interface MemoListProps {
  scope: MemoListScope;
  /** The list has a select mode for bulk edits (the home list: the signed-in user's own memos). */
  selectable?: boolean;
  params: MemoListParams;
  /** Client-side filter (a shortcut), applied to what is loaded. */
  filter?: ((memo: Memo) => boolean) | null;
  card?: Omit<MemoCardProps, "memo">;
  enabled?: boolean;
  /** What an empty list shows instead of "No memos" (the home's first-run hint). */
  empty?: ReactNode;
  /** Controls of the list shown at its head (the home's order). */
  actions?: ReactNode;
}

export function MemoList({ scope, selectable = false, params, filter, card, enabled = true, empty, actions }: MemoListProps) {
  const { t } = useTranslation();
  const list = useMemoList(scope, params, enabled);
  const select = useSelection();
  const selecting = selectable && select.active;
  // A filter on this device (a shortcut) is not the server's: "select all" then takes the memos on screen.
  const matching = useMemoIds(scope, params, selecting && !filter);
  useLeaveOnEscape(selecting, select.stop);
  const search = typeof params.search === "string" ? params.search : undefined;
  const marks = useMemo(() => searchMarks(search), [search]);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = list;
  // Own lists show the writes still waiting in the outbox.
  const outbox = useOutbox((state) => (scope === "home" ? state.entries : NO_ENTRIES));

  const memos = useMemo(() => {
    // Pages can overlap when memos are added between requests; show each memo once.
    const byId = new Map<number, Memo>();
    for (const memo of (list.data?.pages ?? []).flat()) {
      if (memo.rowStatus === "NORMAL" && !byId.has(memo.id)) byId.set(memo.id, memo);
    }
    const all = outbox.length > 0 ? overlay([...byId.values()], outbox) : [...byId.values()];
    return filter ? all.filter(filter) : all;
  }, [list.data, filter, outbox]);

  // Load the next page when the end of the list is in view (or still in view after a page came in, which
  // keeps a client-side filter fed, as v0 did while fewer than a page of memos showed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page re-observes the sentinel, which may still be in view
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const load = () => {
      if (!isFetching) void fetchNextPage();
    };
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: "400px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage, memos.length]);

  if (list.isPending && enabled) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  }

  if (list.isError && memos.length === 0) {
    // A search the server refuses (an invalid regular expression, a text too long) says why; retrying cannot help.
    if (list.error instanceof ApiError && list.error.status === 400) {
      return (
        <p role="alert" className="py-10 text-center text-sm text-zinc-700 dark:text-zinc-300">
          {errorMessage(list.error, t)}
        </p>
      );
    }
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-sm text-zinc-600 dark:text-zinc-400">
        <p>{t("memo-list.load-failed")}</p>
        <button type="button" onClick={() => void list.refetch()} className="font-medium text-zinc-700 underline dark:text-zinc-200">
          {t("memo-list.retry")}
        </button>
      </div>
    );
  }

  const order = memos.map((memo) => memo.id);
  // A search, a tag or a shortcut says how many memos it found: the server counts a search and a tag; a shortcut is
  // a filter on this device, so the memos it kept on screen are its count (with "+" while more pages could add).
  const counting = Boolean((params.search || params.tag) && !filter);
  const localCount = filter ? <MatchCountLine count={memos.length} more={Boolean(hasNextPage)} /> : null;
  return (
    <section aria-busy={isFetching} className="flex flex-col gap-2.5">
      {counting || localCount || actions || (selectable && !selecting && memos.length > 0) ? (
        <div className="flex min-h-8 items-center justify-between gap-2">
          {counting ? <MatchCount scope={scope} params={params} enabled={enabled} /> : (localCount ?? <span />)}
          <div className="flex items-center gap-1">
            {actions}
            {selectable && !selecting && memos.length > 0 ? (
              <Button
                variant="ghost"
                onClick={select.start}
                icon={<ListChecks className="size-4" aria-hidden />}
                {...{ [SELECT_MODE_ATTRIBUTE]: "" }}
              >
                {t("bulk.select")}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {memos.map((memo) => (
        <MemoCard
          key={memo.id}
          memo={memo}
          marks={marks}
          {...card}
          select={
            selecting && !isTempId(memo.id)
              ? { selected: select.selection.ids.has(memo.id), onToggle: (range) => select.click(memo.id, range, order) }
              : undefined
          }
        />
      ))}
      <div ref={sentinel} className="flex min-h-14 items-center justify-center py-3 text-sm text-zinc-600 dark:text-zinc-400">
        {isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" />
            {t("memo-list.fetching")}
          </span>
        ) : hasNextPage ? (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            className="rounded-lg px-3 py-2 font-medium text-zinc-600 transition-colors duration-200 hover:bg-zinc-200/60 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            {t("memo-list.fetch-more")}
          </button>
        ) : memos.length === 0 ? (
          (empty ?? <p className="py-8">{t("memo-list.no-memos")}</p>)
        ) : (
          <p className="text-xs">{t("memo-list.all-ready")}</p>
        )}
      </div>
      {selecting ? (
        <Suspense fallback={null}>
          <SelectionBar scope="home" state={select} matching={matching.data ?? null} shown={memos} shownOnly={Boolean(filter)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Esc leaves select mode, unless it is meant for a dialog or a menu. */
function useLeaveOnEscape(active: boolean, leave: () => void) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector("dialog[open], [aria-modal=true]")) return;
      if (event.target instanceof Element && event.target.closest("[role=menu]")) return;
      leave();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, leave]);
}

/** How many memos a search, a tag or a shortcut found: "12 memos", or "12+ memos" when there may be more. */
function MatchCountLine({ count, more }: { count: number; more: boolean }) {
  const { t } = useTranslation();
  return (
    <p role="status" data-testid="match-count" className="px-1 text-sm text-zinc-600 dark:text-zinc-400">
      {more ? t("memo-list.count-more", { count }) : t("memo-list.count", { count })}
    </p>
  );
}

/** While searching or filtering by a tag: the server's count, up to 30 ("30+ memos" past it). */
function MatchCount({ scope, params, enabled }: { scope: MemoListScope; params: MemoListParams; enabled: boolean }) {
  const { data } = useMemoCount(scope, params, enabled);
  return data ? <MatchCountLine count={data.count} more={data.more} /> : null;
}
