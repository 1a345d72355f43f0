// A memo action's run: its success toast offers Undo when there is something on the server to undo, and a failure
// says why. The memo card's and the Archived dialog's actions share it.
import { useTranslation } from "react-i18next";
import { isTempId } from "../../offline/outbox/plan";
import { toast } from "../../state/toast";

export type Attempt = (work: () => Promise<unknown>, success?: string, undo?: () => Promise<unknown>) => Promise<void>;

/**
 * Runs `work`; on success says `success`, with Undo running `undo` when given. Offline, or for a memo the server
 * has not seen yet, a write waits in the outbox and there is nothing to undo on the server: no Undo then.
 */
export function useUndoableAttempt(): (memoId: number) => Attempt {
  const { t } = useTranslation();
  return (memoId) => {
    const attempt: Attempt = async (work, success, undo) => {
      try {
        await work();
        if (!success) return;
        const undoable = undo && navigator.onLine && !isTempId(memoId);
        toast.success(success, undoable ? { label: t("common.undo"), run: () => void attempt(undo) } : undefined);
      } catch {
        // Said by the mutation cache's toast (queries/errorToast.ts).
      }
    };
    return attempt;
  };
}
