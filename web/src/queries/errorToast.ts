// The one place a failed write is said: the mutation cache's handler (queries/client.ts) toasts every mutation's
// error in the words of api/errorMessage.ts, so no call site writes that toast again. A mutation whose error is
// said elsewhere (under a field, in the form, in words of its own) says so in its `meta`.
import i18n from "../i18n";
import { errorMessage } from "../api/errorMessage";
import { toast } from "../state/toast";

/** Whether a failure gets the toast: `false` when the caller says every failure itself, a test when it says some. */
type ErrorToast = boolean | ((error: unknown) => boolean);

/** What a mutation hook takes from a caller that says (some of) its failures itself. */
export type ErrorToastOption = {
  errorToast?: ErrorToast;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: ErrorToastOption;
  }
}

/** The `meta` of a hook's mutations, from what its caller asked (the toast unless it said otherwise). */
export const errorToastMeta = ({ errorToast = true }: ErrorToastOption = {}): ErrorToastOption => ({ errorToast });

/** The mutation cache's `onError`: one toast for a failed write, unless its `meta` opted out. */
export function toastMutationError(error: unknown, meta: ErrorToastOption | undefined): void {
  const wanted = meta?.errorToast ?? true;
  if (typeof wanted === "function" ? !wanted(error) : !wanted) return;
  toast.error(errorMessage(error, i18n.t));
}

/** The `meta` of a mutation whose every failure its callers say themselves (inline, or in words of their own). */
export const NO_ERROR_TOAST: ErrorToastOption = { errorToast: false };
