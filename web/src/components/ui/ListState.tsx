// What a list read from the server shows before its rows: a spinner while it loads, why it failed, or the one short
// sentence of an empty list (docs/design.md#motion-and-feedback); the rows themselves once there are any.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Spinner } from "./Spinner";

export interface ListStateProps {
  /** The first page is not there yet. */
  pending: boolean;
  /** Why the list could not be read (said in the UI's language), shown while there are no rows; null when it was read. */
  error?: unknown;
  /** How many rows there are once read. */
  count: number;
  /** The sentence of an empty list; without it an empty list shows nothing. */
  empty?: string;
  /** "card": inside a card of rows (settings); "page": a dialog's whole body, with room around it. */
  look: "card" | "page";
  /** The rows, rendered only when there are some. */
  children: ReactNode;
}

const ROOM = { card: "py-4", page: "py-12" };

export function ListState({ pending, error, count, empty, look, children }: ListStateProps) {
  const { t } = useTranslation();
  // Rows already read stay when a later read fails (the list's owner says so under them).
  if (error && count === 0) {
    return (
      <p role="alert" className={`px-3 text-center text-sm text-red-600 dark:text-red-400 ${ROOM[look]}`}>
        {errorMessage(error, t)}
      </p>
    );
  }
  if (pending) {
    return (
      <div role="status" aria-label={t("common.loading")} className={`flex justify-center ${ROOM[look]}`}>
        <Spinner className="size-5" />
      </div>
    );
  }
  if (count === 0) {
    return empty ? <p className={`px-3 text-center text-sm text-zinc-600 dark:text-zinc-400 ${ROOM[look]}`}>{empty}</p> : null;
  }
  return children;
}
