// A dialog paging through a list read from the server (a memo's history, the trash, the archive, the inbox): a line
// about the list, its rows, "Load more" while the server has more, and the list's states (loading, failed, empty).
import { Fragment, type Key, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Button } from "./Button";
import { Dialog, type DialogProps } from "./Dialog";
import { ListState } from "./ListState";
import { Spinner } from "./Spinner";

/** What the dialog reads of an infinite query (TanStack Query's useInfiniteQuery result fits as it is). */
interface PagedQuery {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface PagedListDialogProps<T> extends Pick<DialogProps, "onClose" | "onEscape" | "footer" | "size"> {
  title: string;
  pages: PagedQuery;
  /** The rows of the pages read so far, as the list shows them (grouped, or with the outbox's changes). */
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** One row: an <li>. */
  renderItem: (item: T) => ReactNode;
  /** The sentence of an empty list. */
  empty: string;
  /** The list's accessible name, when the dialog's title is not enough. */
  listLabel?: string;
  /** An <ol>: the order means something (versions, newest first). */
  ordered?: boolean;
  /** Rows closer together (one-line entries). */
  dense?: boolean;
  /** Above everything: what the list is (how long the trash keeps a memo). */
  intro?: ReactNode;
  /** Above the rows, shown with them (a Select button). */
  toolbar?: ReactNode;
  /** Under the rows, shown with them. */
  note?: ReactNode;
  /** Dialogs opened from the rows (a confirmation). */
  children?: ReactNode;
}

export function PagedListDialog<T>({
  title,
  pages,
  items,
  itemKey,
  renderItem,
  empty,
  listLabel,
  ordered = false,
  dense = false,
  intro,
  toolbar,
  note,
  children,
  size = "md",
  ...dialog
}: PagedListDialogProps<T>) {
  const { t } = useTranslation();
  const List = ordered ? "ol" : "ul";
  return (
    <Dialog open title={title} size={size} {...dialog}>
      {intro}
      <ListState look="page" pending={pages.isPending} error={pages.error} count={items.length} empty={empty}>
        {toolbar}
        <List aria-label={listLabel} className={`flex flex-col ${dense ? "gap-2" : "gap-3"}`}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </List>
        {note}
        {/* A later page failed: the rows read stay, and the reason is said under them. */}
        {pages.error ? (
          <p role="alert" className="mt-3 text-center text-sm text-red-600 dark:text-red-400">
            {errorMessage(pages.error, t)}
          </p>
        ) : null}
      </ListState>
      {pages.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            {t("common.load-more")}
          </Button>
        </div>
      ) : null}
      {children}
    </Dialog>
  );
}
