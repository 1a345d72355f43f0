// Runs a bulk edit on the selected memos and says how it went: how many it changed, and how many it left as they
// were (another's memo, one gone meanwhile, a text at its cap). Exports a selection as a zip.
import type { MemoBatchRequest } from "@memos/common";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useMemoBatch } from "../../queries/batch";
import { useSelectionExport } from "../../queries/export";
import { toast } from "../../state/toast";

/** An action of the batch route, with what it needs besides the ids. */
export type BatchRequest = Omit<MemoBatchRequest, "ids">;

export function useBulkActions() {
  const { t } = useTranslation();
  const batch = useMemoBatch();
  const exporter = useSelectionExport();
  const memos = (count: number) => t("memo-list.count", { count });

  /**
   * Rejects when the request failed, so a dialog can stay open; the failure itself is said by the mutation cache's
   * toast (queries/errorToast.ts).
   */
  const run = async (ids: readonly number[], request: BatchRequest): Promise<void> => {
    const { changed, refused } = await batch.mutateAsync({ ...request, ids: [...ids] } as MemoBatchRequest);
    toast.success(t(`bulk.done.${request.action}`, { memos: memos(changed) }));
    if (refused.length > 0) toast.info(t("bulk.refused", { memos: memos(refused.length) }));
  };

  const exportZip = async (ids: readonly number[]): Promise<void> => {
    try {
      const filename = await exporter.start(ids);
      if (filename) toast.success(t("bulk.exported", { memos: memos(ids.length) }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };

  return { run, exportZip, busy: batch.isPending || exporter.running };
}
